import { useState } from 'react';
import { formatDate, formatDateTime, formatMoney } from '@taquilla/shared';
import { descargarFactura, type CompraFacturable, type Comprador } from '@taquilla/shared/api/facturas';
import { saveFile } from '../../purchases/lib/download';
import { InvoiceForm } from './InvoiceForm';

interface Props {
  compra: CompraFacturable;
  comprador: Comprador;
  /** Says what happened (polite live region of the panel). */
  announce: (text: string) => void;
  onChanged: (compra: CompraFacturable) => void;
}

/**
 * One purchase: its invoice (folio fiscal, XML and PDF downloads), or the button that opens
 * the fiscal-data form while it may still be requested, or why it may not.
 */
export function InvoicePurchase({ compra, comprador, announce, onChanged }: Props) {
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState<'xml' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = `factura-${compra.reservaId}`;

  async function download(formato: 'xml' | 'pdf') {
    setError(null);
    setDownloading(formato);
    try {
      saveFile(await descargarFactura(compra.reservaId, formato, comprador), `factura-${compra.factura!.uuid}.${formato}`);
      announce(`Descargamos tu factura en ${formato.toUpperCase()}.`);
    } catch {
      setError('No pudimos descargar tu factura. Intenta de nuevo.');
    } finally {
      setDownloading(null);
    }
  }

  return (
    <article className="invoice-purchase" aria-labelledby={titleId}>
      <h3 id={titleId} className="invoice-purchase__title">
        Compra del {formatDateTime(compra.fecha)} · {formatMoney(compra.total)}
      </h3>
      {compra.factura ? (
        <>
          <p className="invoice-purchase__state">
            <strong>Factura emitida</strong> a {compra.factura.razonSocial} (RFC {compra.factura.rfc}).
          </p>
          <p className="account__hint invoice-purchase__uuid">Folio fiscal: {compra.factura.uuid}</p>
          <div className="account__actions invoice-purchase__actions">
            <button type="button" className="account__button account__button--secondary" onClick={() => download('xml')} disabled={downloading !== null}>
              {downloading === 'xml' ? 'Descargando…' : 'Descargar XML'}
            </button>
            <button type="button" className="account__button account__button--secondary" onClick={() => download('pdf')} disabled={downloading !== null}>
              {downloading === 'pdf' ? 'Descargando…' : 'Descargar PDF'}
            </button>
          </div>
        </>
      ) : compra.disponible ? (
        open ? (
          <InvoiceForm
            reservaId={compra.reservaId}
            comprador={comprador}
            onCancel={() => setOpen(false)}
            onIssued={(result) => {
              setOpen(false);
              announce(result.message);
              onChanged({ ...compra, factura: result.factura, disponible: false, motivo: null });
            }}
          />
        ) : (
          <>
            <p className="account__hint">Puedes pedir tu factura hasta el {formatDate(compra.fechaLimite, "d 'de' MMMM 'de' yyyy")}.</p>
            <div className="account__actions invoice-purchase__actions">
              <button type="button" className="account__button" onClick={() => setOpen(true)}>
                Solicitar factura
              </button>
            </div>
          </>
        )
      ) : (
        <p className="account__hint">{compra.motivo}</p>
      )}
      {error && (
        <p className="account__alert" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}
