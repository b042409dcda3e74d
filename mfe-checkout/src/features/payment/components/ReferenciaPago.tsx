import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime, formatMoney } from '@taquilla/shared';
import type { MakeReferenciaResponse } from '@taquilla/shared/schemas/pagos';
import { errorMessage, usePaymentDeps } from '../api/deps';

/**
 * A cash reference ('Pago en efectivo') or a SPEI transfer as the buyer reads it: amount,
 * deadline, the reference with its barcode or the CLABE and concept to type in the bank app,
 * the steps, and the same as a PDF. The heading takes focus so a screen reader announces it.
 */
export function ReferenciaPago({ referencia }: { referencia: MakeReferenciaResponse }) {
  const deps = usePaymentDeps();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const i = referencia.instrucciones;
  const monto = formatMoney(referencia.total);
  const vence = formatDateTime(referencia.vence);
  useEffect(() => heading.current?.focus(), []);

  const downloadPdf = async () => {
    setPdfError(null);
    try {
      const blob = await deps.getReferenciaPdf(referencia.pdfUrl);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = i.metodo === 'efectivo' ? 'referencia-pago-efectivo.pdf' : 'referencia-spei.pdf';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setPdfError(errorMessage(e, 'No se pudo descargar el PDF. Intenta de nuevo.'));
    }
  };

  return (
    <section className="checkout__referencia" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {i.metodo === 'efectivo' ? 'Pago en efectivo: tu referencia' : 'Transferencia SPEI: tus datos'}
      </h3>
      <p role="status">{referencia.message}</p>
      <dl className="checkout__referencia-datos">
        <dt>Total a pagar</dt>
        <dd>{monto}</dd>
        <dt>Vence</dt>
        <dd>{vence}</dd>
        {i.metodo === 'efectivo' ? (
          <>
            <dt>Referencia</dt>
            <dd className="checkout__referencia-numero">{i.referencia}</dd>
          </>
        ) : (
          <>
            <dt>CLABE</dt>
            <dd className="checkout__referencia-numero">{i.clabe}</dd>
            <dt>Banco</dt>
            <dd>{i.banco}</dd>
            <dt>Beneficiario</dt>
            <dd>{i.beneficiario}</dd>
            <dt>Concepto o referencia</dt>
            <dd className="checkout__referencia-numero">{i.referencia}</dd>
          </>
        )}
      </dl>
      {i.metodo === 'efectivo' && i.codigoBarrasUrl && (
        <img className="checkout__barcode" src={i.codigoBarrasUrl} alt={`Código de barras de la referencia ${i.referencia}`} />
      )}
      <h4>Cómo pagar</h4>
      {i.metodo === 'efectivo' ? (
        <ol className="checkout__pasos">
          <li>Acude a una tienda de conveniencia afiliada (por ejemplo 7-Eleven, Farmacias del Ahorro o Walmart).</li>
          <li>Indica en caja que harás un pago de servicio con Paynet y muestra el código de barras o dicta la referencia.</li>
          <li>
            Paga exactamente {monto} en efectivo antes del {vence}. La tienda puede cobrarte una comisión.
          </li>
          <li>Conserva tu ticket. Al recibir el pago te enviamos tus boletos por correo.</li>
        </ol>
      ) : (
        <ol className="checkout__pasos">
          <li>Abre la app o el portal de tu banco y elige «Transferencia» a otro banco (SPEI).</li>
          <li>
            Captura la CLABE {i.clabe} y como beneficiario «{i.beneficiario}».
          </li>
          <li>En «Concepto» o «Referencia» escribe exactamente {i.referencia}; sin él no podemos identificar tu pago.</li>
          <li>
            Transfiere exactamente {monto} antes del {vence}.
          </li>
          <li>Al recibir la transferencia te enviamos tus boletos por correo.</li>
        </ol>
      )}
      <p className="checkout__hint">
        Tus lugares quedan apartados como pendientes de pago hasta esa fecha. Si no recibimos el pago a tiempo, se liberan.
        {referencia.correo ? ` También te enviamos estos datos a ${referencia.correo}.` : ''}
      </p>
      <button type="button" className="checkout__button checkout__button--secondary" onClick={() => void downloadPdf()}>
        Descargar PDF
      </button>
      {pdfError && (
        <p role="alert" className="checkout__alert">
          {pdfError}
        </p>
      )}
    </section>
  );
}
