import { useEffect, useState } from 'react';
import type { Gateway } from '../api/openpay';
import { usePaymentDeps } from '../api/deps';
import { validateCard, type CardInput } from '../lib/card';
import { cardForGateway } from './use-gateway';

/** Where a new card stands in learning its type (credit cards alone see the plans). */
export type TipoNueva = 'pendiente' | 'credit' | 'debit' | 'desconocido';

/**
 * Meses sin intereses are for credit cards: once a new card is complete (and `ask`: the event has
 * plans, the buyer pays by a new card), its type is asked of the gateway through our server with
 * a token (tokens are single use; 'Pagar' makes another). Answers the type of the number typed
 * now, null before it is asked.
 */
export function useCardType({ card, ask, reservaId, loadGateway }: { card: CardInput; ask: boolean; reservaId: string; loadGateway: () => Promise<Gateway> }) {
  const deps = usePaymentDeps();
  const [newCard, setNewCard] = useState<{ number: string; tipo: TipoNueva } | null>(null);
  const cardNumber = card.number.replace(/\s/g, '');
  const askType = ask && Object.keys(validateCard(card, deps.now())).length === 0;
  const askedFor = newCard?.number ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per card number (cardNumber), not again for every keystroke in the other fields of `card`
  useEffect(() => {
    if (!askType || askedFor === cardNumber) return;
    const number = cardNumber;
    setNewCard({ number, tipo: 'pendiente' });
    // An answer for a number no longer typed is dropped.
    const settle = (tipo: TipoNueva) => setNewCard((now) => (now?.number === number ? { number, tipo } : now));
    loadGateway()
      .then(async (gw) => {
        const token = await gw.tokenize(cardForGateway(card));
        return deps.getTipoTarjeta({ reservaId, token_id: token, device_session_id: gw.deviceSessionId });
      })
      .then(
        (answer) => settle(answer.admiteMsi ? 'credit' : 'debit'),
        () => settle('desconocido'),
      );
  }, [askType, askedFor, cardNumber, deps, loadGateway, reservaId]);
  return newCard?.number === cardNumber ? newCard.tipo : null;
}
