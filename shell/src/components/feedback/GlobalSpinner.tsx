import { useAtomValue } from 'jotai';
import { appAtom } from '@taquilla/shared';

export const SPINNER_SIZE = 50;
export const SPINNER_COLOR = '#fdff00';

/** The global spinner: visible while appAtom.loaderStatus is on (bus 'ui:loader'). */
export function GlobalSpinner() {
  const { loaderStatus } = useAtomValue(appAtom);
  if (!loaderStatus) return null;
  return (
    <div className="global-spinner" role="status" aria-label="Cargando">
      <span
        className="ring-spinner"
        style={{ width: SPINNER_SIZE, height: SPINNER_SIZE, borderTopColor: SPINNER_COLOR }}
      />
    </div>
  );
}
