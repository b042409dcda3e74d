import { useAtomValue } from 'jotai';
import { remotesAtom } from './remotes-state';

/** Says clearly when the registry could not be read; the rest of the shell keeps working. */
export function RegistryBanner() {
  const { message } = useAtomValue(remotesAtom);
  if (!message) return null;
  return (
    <div className="banner banner--error" role="alert">
      {message}
    </div>
  );
}
