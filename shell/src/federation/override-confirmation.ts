import { atom } from 'jotai';
import { store } from '@taquilla/shared';
import type { Overrides } from './overrides';

/** A link's proposed overrides waiting for the developer's answer (OverrideConfirmDialog). */
export interface OverrideRequest {
  pending: Overrides;
  answer: (confirmed: boolean) => void;
}

export const overrideRequestAtom = atom<OverrideRequest | null>(null);

/** Shows the confirmation dialog and resolves with the developer's answer. */
export function askOverrideConfirmation(pending: Overrides): Promise<boolean> {
  return new Promise((resolve) => {
    store.set(overrideRequestAtom, {
      pending,
      answer: (confirmed) => {
        store.set(overrideRequestAtom, null);
        resolve(confirmed);
      },
    });
  });
}
