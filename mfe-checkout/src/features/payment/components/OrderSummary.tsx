import { formatMoney } from '@taquilla/shared';
import type { OrderTotals } from '@taquilla/shared/money';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { allInPrices, summaryLines } from '../lib/order';
import type { Order } from '../hooks/use-order';

/** Spec §2 summary lines, plus the all-in price per ticket Mexican consumer rules ask for. */
export function OrderSummary({ order, totals, promo }: { order: Order; totals: OrderTotals; promo: Promocion | null }) {
  const allIn = allInPrices(order.lines, order.rates);
  return (
    <section aria-label="Totales de la compra" className="checkout__summary">
      <dl className="checkout__totals">
        {summaryLines(totals, promo).map((line) => (
          <div key={line.key} className={line.key === 'total' ? 'checkout__total' : undefined}>
            <dt>{line.label}</dt>
            <dd>{line.amount < 0 ? `−${formatMoney(-line.amount)}` : formatMoney(line.amount)}</dd>
          </div>
        ))}
      </dl>
      <ul className="checkout__hint checkout__all-in" aria-label="Precio final por boleto">
        {allIn.map((p) => (
          <li key={`${p.precio}-${p.allIn}`}>
            {formatMoney(p.precio)} por boleto: {formatMoney(p.allIn)} con cargos e IVA
          </li>
        ))}
      </ul>
    </section>
  );
}
