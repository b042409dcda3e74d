import { useAtomValue } from 'jotai';
import { appAtom } from '@taquilla/shared';

/** The global spinner (size and colour of spec §10 in styles.css): visible while appAtom.loaderStatus is on. */
export function GlobalSpinner() {
  const { loaderStatus } = useAtomValue(appAtom);
  if (!loaderStatus) return null;
  return (
    <div className="global-spinner" role="status" aria-label="Cargando">
      <span className="ring-spinner" />
    </div>
  );
}
