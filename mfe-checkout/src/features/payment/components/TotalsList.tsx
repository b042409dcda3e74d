import { formatMoney } from '@taquilla/shared';
import type { OrderTotals } from '@taquilla/shared/money';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import { summaryLines } from '../lib/order';

/** Spec §2 summary lines (optional discount, Subtotal, Cargo por servicio, Cargo por uso de tarjeta, IVA only when > 0, Total). */
export function TotalsList({ totals, promo }: { totals: OrderTotals; promo: Promocion | null }) {
  return (
    <dl className="checkout__totals">
      {summaryLines(totals, promo).map((line) => (
        <div key={line.key} className={line.key === 'total' ? 'checkout__total' : undefined}>
          <dt>{line.label}</dt>
          <dd>{line.amount < 0 ? `−${formatMoney(-line.amount)}` : formatMoney(line.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
