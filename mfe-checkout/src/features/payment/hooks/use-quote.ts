import { useEffect, useState } from 'react';
import type { Cotizacion, CotizarPayload } from '@taquilla/shared/schemas/pagos';
import { errorMessage, usePaymentDeps } from '../api/deps';

/** A selection changes with every click; ask once it has rested this long. */
const QUOTE_DEBOUNCE_MS = 200;

export type QuoteState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; quote: Cotizacion } | { status: 'error'; message: string };

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
    setState({ status: 'loading' });
    const timer = setTimeout(() => {
      deps.cotizar(eventoId, payload, controller.signal).then(
        (quote) => {
          if (!controller.signal.aborted) setState({ status: 'ready', quote });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: 'error', message: errorMessage(error, 'No se pudo calcular el total de tu selección.') });
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [deps, eventoId, key]);
  return state;
}
