import { useEffect, useState } from 'react';
import type { Cotizacion, CotizarPayload } from '@taquilla/shared/schemas/pagos';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { errorMessage, usePaymentDeps } from '../api/deps';

/** A selection changes with every click; ask once it has rested this long. */
const QUOTE_DEBOUNCE_MS = 200;
/**
 * 'Continuar' waits for the price; a quote that has not come back by then is given up, said so,
 * and the buyer may hold without it (the hold's summary gives the same figures).
 */
export const QUOTE_TIMEOUT_MS = 6000;

/**
 * `loading` keeps the previous selection's quote (`previous`) so its rows stay in place while
 * the next one is asked: the panel does not shrink and grow back under the buyer's pointer.
 */
export type QuoteState =
  | { status: 'none' }
  | { status: 'loading'; previous: Cotizacion | null }
  | { status: 'ready'; quote: Cotizacion }
  | { status: 'error'; message: string };

/**
 * The server's price of a selection before it is held (POST /eventos/{id}/cotizar): the same
 * figures `resumen` will give the hold. `selection` null means nothing picked. Only the answer
 * to the latest selection is shown (earlier requests are aborted).
 */
export function useQuote(eventoId: string, selection: CotizarPayload | null): QuoteState {
  const deps = usePaymentDeps();
  const [state, setState] = useState<QuoteState>({ status: 'none' });
  const key = selection ? JSON.stringify(selection) : null;
  useEffect(() => {
    if (key === null) {
      setState({ status: 'none' });
      return;
    }
    const payload = JSON.parse(key) as CotizarPayload;
    const controller = new AbortController();
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    setState((prev) => ({ status: 'loading', previous: prev.status === 'ready' ? prev.quote : prev.status === 'loading' ? prev.previous : null }));
    const ask = setTimeout(() => {
      giveUp = setTimeout(() => {
        setState({ status: 'error', message: pagoMessages.QUOTE_FAILED });
        controller.abort();
      }, QUOTE_TIMEOUT_MS);
      deps
        .cotizar(eventoId, payload, controller.signal)
        .then(
          (quote) => {
            if (!controller.signal.aborted) setState({ status: 'ready', quote });
          },
          (error: unknown) => {
            if (!controller.signal.aborted) setState({ status: 'error', message: errorMessage(error, pagoMessages.QUOTE_FAILED) });
          },
        )
        .finally(() => clearTimeout(giveUp));
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(ask);
      clearTimeout(giveUp);
      controller.abort();
    };
  }, [deps, eventoId, key]);
  return state;
}
