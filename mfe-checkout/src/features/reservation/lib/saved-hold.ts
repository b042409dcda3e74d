import type { SavedHoldStore } from '@taquilla/shared';

/** Keeps (or forgets, with null) the code applied to the saved hold `reservaId`; another hold is left alone. */
export function rememberCode(store: SavedHoldStore, reservaId: string, promocion: { id: number; clave: string } | null): void {
  const saved = store.read();
  if (saved?.reservaId === reservaId) store.write({ ...saved, promocion });
}

/** The code saved with the hold `reservaId`, if any. */
export function savedCode(store: SavedHoldStore, reservaId: string): { id: number; clave: string } | null {
  const saved = store.read();
  return saved?.reservaId === reservaId ? (saved.promocion ?? null) : null;
}
