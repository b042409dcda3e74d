import { pagoMessages } from '@taquilla/shared/messages/pagos';
import type { QuoteState } from '../hooks/use-quote';
import { TotalsList } from './TotalsList';

/**
 * The price of the selection before 'Continuar' holds it: the server's quote (POST
 * /eventos/{id}/cotizar, asked by `useQuote`), the same figures the hold's summary will show.
 * Nothing while nothing is selected. While a changed selection is priced, the previous rows
 * stay (busy) so nothing below them moves.
 */
export function SelectionQuote({ state }: { state: QuoteState }) {
  if (state.status === 'none') return null;
  const shown = state.status === 'ready' ? state.quote : state.status === 'loading' ? state.previous : null;
  return (
    <section aria-label="Precio de tu selección" className="checkout__summary" aria-busy={state.status === 'loading' || undefined}>
      {state.status === 'loading' && shown === null && <p className="checkout__notice">{pagoMessages.TOTAL_CALCULATING}</p>}
      {state.status === 'error' && <p className="checkout__alert">{state.message}</p>}
      {shown && <TotalsList totals={shown} promo={shown.promocion} />}
    </section>
  );
}

/** 'Continuar' waits while the selection is priced: the buyer holds only a price they have seen. */
export const quotePending = (state: QuoteState) => state.status === 'loading';
