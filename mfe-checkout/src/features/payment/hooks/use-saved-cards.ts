import { useCallback, useEffect, useState } from 'react';
import type { PerfilPago, TarjetaGuardada } from '@taquilla/shared/schemas/cuenta';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { errorMessage, usePaymentDeps } from '../api/deps';

export type SavedCardsState =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; idOpenpay: string | null; tarjetas: TarjetaGuardada[] };

/**
 * The signed-in buyer's saved cards (none for guests: spec §6). A failed load leaves the new
 * card form usable and says 'Error al obtener las tarjetas.'.
 */
export function useSavedCards(enabled: boolean) {
  const deps = usePaymentDeps();
  const [state, setState] = useState<SavedCardsState>(enabled ? { status: 'loading' } : { status: 'off' });

  useEffect(() => {
    if (!enabled) return setState({ status: 'off' });
    let current = true;
    setState({ status: 'loading' });
    deps.getMiPerfilPago().then(
      (perfil: PerfilPago) => current && setState({ status: 'ready', idOpenpay: perfil.idOpenpay, tarjetas: perfil.tarjetas }),
      () => current && setState({ status: 'error', message: cuentaMessages.CARDS_FAILED }),
    );
    return () => {
      current = false;
    };
  }, [enabled, deps]);

  /** Deletes a card here and at the gateway; answers the Spanish reason it failed, or null. */
  const remove = useCallback(
    async (tarjeta: TarjetaGuardada): Promise<string | null> => {
      if (state.status !== 'ready') return cuentaMessages.DELETE_CARD_FAILED_PURCHASE;
      if (!state.idOpenpay) return cuentaMessages.DELETE_CARD_NO_CUSTOMER;
      try {
        await deps.deleteTarjeta(state.idOpenpay, tarjeta.idtarjeta);
      } catch (e) {
        return errorMessage(e, cuentaMessages.DELETE_CARD_FAILED_PURCHASE);
      }
      setState((s) => (s.status === 'ready' ? { ...s, tarjetas: s.tarjetas.filter((t) => t.idtarjeta !== tarjeta.idtarjeta) } : s));
      return null;
    },
    [state, deps],
  );

  return { state, remove };
}
