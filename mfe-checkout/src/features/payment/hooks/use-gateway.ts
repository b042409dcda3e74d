import { useCallback, useRef } from 'react';
import type { PaymentDeps } from '../api/deps';
import type { Gateway } from '../api/openpay';
import type { CardInput } from '../lib/card';

/** What the gateway's tokenizer takes (the only place the card's digits go). */
export const cardForGateway = (card: CardInput) => {
  const [month, year] = card.expiry.split('/') as [string, string];
  return { card_number: card.number.replace(/\s/g, ''), holder_name: card.holder.trim(), expiration_month: month, expiration_year: year, cvv2: card.cvv };
};

/** The payment gateway's script, loaded once on first need (a failed load is retried on the next call). */
export function useGateway(deps: PaymentDeps): () => Promise<Gateway> {
  const gateway = useRef<Promise<Gateway> | null>(null);
  return useCallback(() => {
    gateway.current ??= deps.getCredenciales().then((cred) => deps.loadGateway(cred));
    gateway.current.catch(() => {
      gateway.current = null;
    });
    return gateway.current;
  }, [deps]);
}
