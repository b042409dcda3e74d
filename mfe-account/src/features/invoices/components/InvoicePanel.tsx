import { useEffect, useState } from 'react';
import type { CompraFacturable, Comprador } from '@taquilla/shared/api/facturas';
import { InvoicePurchase } from './InvoicePurchase';
import './invoices.css';

/** 'Factura': each purchase with its invoice state, and one polite live region for what happened. */
export function InvoicePanel({ compras, comprador, headingLevel = 2 }: { compras: CompraFacturable[]; comprador: Comprador; headingLevel?: 1 | 2 }) {
  const [items, setItems] = useState(compras);
  const [said, setSaid] = useState('');
  useEffect(() => setItems(compras), [compras]);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="invoice-panel" aria-labelledby="invoice-panel-title">
      <Heading id="invoice-panel-title">Factura</Heading>
      <p className="account__hint">Pide tu factura (CFDI 4.0) dentro del mes calendario de tu compra. Te la enviamos por correo en XML y PDF.</p>
      <div aria-live="polite" role="status" className={said ? 'account__success' : 'invoice-panel__live'}>
        {said}
      </div>
      {items.map((compra) => (
        <InvoicePurchase
          key={compra.reservaId}
          compra={compra}
          comprador={comprador}
          announce={setSaid}
          onChanged={(next) => setItems((list) => list.map((c) => (c.reservaId === next.reservaId ? next : c)))}
        />
      ))}
    </section>
  );
}
