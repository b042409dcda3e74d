import { useAtomValue } from 'jotai';
import { authAtom } from '@taquilla/shared';

/** Who would hold the places: the signed-in account, a guest, or not known yet (session check running). */
export type Buyer = 'account' | 'guest' | 'checking';

export function useBuyer(): Buyer {
  const { status } = useAtomValue(authAtom);
  if (status === 'authenticated') return 'account';
  return status === 'checking' ? 'checking' : 'guest';
}
