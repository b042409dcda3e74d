import { isApiError } from '@taquilla/shared';

/**
 * A payment refused because of its promotion (unknown, not applicable, used up): the server
 * flags it `isPromoError` (spec §8), and the code is dropped so the next attempt pays the plain
 * total.
 */
export function isPromoError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const data = error.data as { isPromoError?: unknown } | undefined;
  return data !== null && typeof data === 'object' && data.isPromoError === true;
}
