import { formatMoney } from '@taquilla/shared';
import type { ResumenCompra } from '@taquilla/shared/schemas/cuenta';

/** The order summary panel: delivery e-mail, venue and city, each line and the Total (amounts as stored at sale time). */
export function OrderSummary({ resumen }: { resumen: ResumenCompra }) {
  const extras: [string, number][] = [
    ['Descuento', -resumen.descuento],
    ['Cargo por servicio', resumen.cargoServicio],
    ['Cargo por uso de tarjeta', resumen.cargoTarjeta],
    ['IVA', resumen.iva],
  ].filter(([, amount]) => amount !== 0) as [string, number][];
  return (
    <aside className="order-summary account__panel" aria-labelledby="resumen-titulo">
      <h2 id="resumen-titulo">Resumen de compra</h2>
      <dl className="order-summary__facts">
        <div>
          <dt>Boletos enviados a</dt>
          <dd>{resumen.correo}</dd>
        </div>
        <div>
          <dt>Lugar</dt>
          <dd>
            {resumen.recinto}, {resumen.ciudad}
          </dd>
        </div>
      </dl>
      <ul className="order-summary__lines" aria-label="Boletos comprados">
        {resumen.lineas.map((linea) => (
          <li key={`${linea.seccion}|${linea.categoria ?? ''}|${linea.precioUnitario}`}>
            <span>
              {linea.cantidad} × {linea.seccion} · {linea.categoria ?? 'General'}
              <span className="order-summary__unit"> ({formatMoney(linea.precioUnitario)} c/u)</span>
            </span>
            <span>{formatMoney(linea.importe)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__totals">
        {extras.length > 0 && (
          <div>
            <dt>Subtotal</dt>
            <dd>{formatMoney(resumen.subtotal)}</dd>
          </div>
        )}
        {extras.map(([label, amount]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{amount < 0 ? `−${formatMoney(-amount)}` : formatMoney(amount)}</dd>
          </div>
        ))}
        <div className="order-summary__total">
          <dt>Total</dt>
          <dd>{formatMoney(resumen.total)}</dd>
        </div>
      </dl>
      {resumen.compras > 1 && <p className="account__hint">Suma de tus {resumen.compras} compras para este evento.</p>}
      {formasDePago(resumen.pagos).map((texto, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences, rendered whole each time
        <p key={i} className="account__hint">
          {texto}
        </p>
      ))}
    </aside>
  );
}

/** How each purchase was paid, when not a card in one go: 'Pagado a 6 meses sin intereses de $250.00', 'Pagado en efectivo', … */
export function formasDePago(pagos: ResumenCompra['pagos']): string[] {
  return (pagos ?? []).flatMap((p) => {
    if (p.metodo === 'efectivo') return ['Pagado en efectivo'];
    if (p.metodo === 'spei') return ['Pagado por transferencia SPEI'];
    return p.meses ? [`Pagado a ${p.meses} meses sin intereses de ${formatMoney(p.mensualidad ?? Math.ceil(p.total / p.meses))}`] : [];
  });
}
