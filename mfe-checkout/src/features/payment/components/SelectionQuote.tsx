import type { CotizarPayload } from '@taquilla/shared/schemas/pagos';
import { useQuote } from '../hooks/use-quote';
import { TotalsList } from './TotalsList';

/**
 * The price of the selection before 'Continuar' holds it: the server's quote (POST
 * /eventos/{id}/cotizar), the same figures the hold's summary will show. Nothing while nothing
 * is selected.
 */
export function SelectionQuote({ eventoId, selection }: { eventoId: string; selection: CotizarPayload | null }) {
  const state = useQuote(eventoId, selection);
  if (state.status === 'none') return null;
  return (
    <section aria-label="Precio de tu selección" className="checkout__summary" aria-busy={state.status === 'loading' || undefined}>
      {state.status === 'loading' && <p className="checkout__notice">Calculando el total…</p>}
      {state.status === 'error' && <p className="checkout__alert">{state.message}</p>}
      {state.status === 'ready' && <TotalsList totals={state.quote} promo={state.quote.promocion} />}
    </section>
  );
}
