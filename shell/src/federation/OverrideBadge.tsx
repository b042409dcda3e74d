import { useAtomValue } from 'jotai';
import { clearOverrides } from './overrides';
import { remotesAtom } from './remotes-state';

/** A small badge while dev overrides are active, with a way to drop them all. */
export function OverrideBadge() {
  const { overrides } = useAtomValue(remotesAtom);
  const entries = Object.entries(overrides);
  if (!entries.length) return null;
  return (
    <aside className="override-badge" aria-label="Overrides de desarrollo activos">
      <span>
        Override:{' '}
        {entries.map(([name, url]) => (
          <code key={name} title={url}>
            {name}
          </code>
        ))}
      </span>
      <button
        type="button"
        onClick={() => {
          clearOverrides(window.localStorage);
          window.location.reload();
        }}
      >
        Quitar overrides
      </button>
    </aside>
  );
}
