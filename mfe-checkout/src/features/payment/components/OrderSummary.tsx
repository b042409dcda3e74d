import { formatMoney } from '@taquilla/shared';
import type { OrderTotals } from '@taquilla/shared/money';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { allInPrices } from '../lib/order';
import type { Order } from '../hooks/use-order';
import { TotalsList } from './TotalsList';

/** What the all-in price includes: IVA only on an event that charges it. */
const allInWording = (rates: Order['rates']) => (rates.ivaAplicado && rates.ivaBps > 0 ? 'con cargos e IVA' : 'con cargos');

/** Spec §2 summary lines, plus the all-in price per ticket Mexican consumer rules ask for. */
export function OrderSummary({ order, totals, promo }: { order: Order; totals: OrderTotals; promo: Promocion | null }) {
  const allIn = allInPrices(order.lines, order.rates);
  return (
    <section aria-label="Totales de la compra" className="checkout__summary">
      <TotalsList totals={totals} promo={promo} />
      <ul className="checkout__hint checkout__all-in" aria-label="Precio final por boleto">
        {allIn.map((p) => (
          <li key={`${p.precio}-${p.allIn}`}>
            {formatMoney(p.precio)} por boleto: {formatMoney(p.allIn)} {allInWording(order.rates)}
          </li>
        ))}
      </ul>
    </section>
  );
}
