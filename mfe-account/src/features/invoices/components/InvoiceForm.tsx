import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { solicitarFactura, type Comprador, type FacturaEmitida } from '@taquilla/shared/api/facturas';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { TextField } from '@taquilla/shared/ui';
import { EMPTY_FORM, missingField, regimenOptions, usoOptions, type InvoiceFormValues } from '../lib/invoice-form';

interface Props {
  reservaId: string;
  comprador: Comprador;
  onIssued: (result: FacturaEmitida) => void;
  onCancel: () => void;
}

/**
 * The receptor's fiscal data for one purchase: RFC, nombre o razón social, código postal,
 * régimen fiscal and uso del CFDI (the selects offer only what fits the RFC's persona type and
 * the chosen régimen, from the SAT catalogues in shared). The API's refusal is shown as it
 * comes, in an alert.
 */
export function InvoiceForm({ reservaId, comprador, onIssued, onCancel }: Props) {
  const [values, setValues] = useState<InvoiceFormValues>(EMPTY_FORM);
  const [fieldError, setFieldError] = useState<{ field: keyof InvoiceFormValues; message: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const regimenId = useId();
  const usoId = useId();
  const regimenes = regimenOptions(values.rfc);
  const usos = usoOptions(values.rfc, values.regimenFiscal);
  // The form opens on a click: the RFC field takes the focus.
  useEffect(() => form.current?.querySelector<HTMLElement>('[name="rfc"]')?.focus(), []);

  const set = (field: keyof InvoiceFormValues) => (value: string) =>
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A régimen or uso that no longer fits is cleared rather than sent.
      if (!regimenOptions(next.rfc).some((r) => r.clave === next.regimenFiscal)) next.regimenFiscal = '';
      if (!usoOptions(next.rfc, next.regimenFiscal).some((u) => u.clave === next.usoCfdi)) next.usoCfdi = '';
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const missing = missingField(values);
    setFieldError(missing);
    if (missing) {
      form.current?.querySelector<HTMLElement>(`[name="${missing.field}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      onIssued(await solicitarFactura(reservaId, values, comprador));
    } catch (error) {
      setServerError(serverMessageOr(error, 'No pudimos emitir tu factura. Intenta de nuevo.'));
    } finally {
      setSending(false);
    }
  }

  const errorFor = (field: keyof InvoiceFormValues) => (fieldError?.field === field ? fieldError.message : undefined);
  return (
    <form ref={form} className="account__form invoice-form" onSubmit={submit} noValidate aria-label="Datos fiscales para tu factura">
      <p className="account__hint">Escribe tus datos tal como aparecen en tu Constancia de Situación Fiscal.</p>
      <TextField
        block="account"
        label="RFC"
        name="rfc"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={13}
        value={values.rfc}
        onChange={(e) => set('rfc')(e.target.value.toUpperCase())}
        error={errorFor('rfc')}
      />
      <TextField
        block="account"
        label="Nombre o razón social"
        name="razonSocial"
        autoComplete="organization"
        maxLength={254}
        value={values.razonSocial}
        onChange={(e) => set('razonSocial')(e.target.value)}
        error={errorFor('razonSocial')}
      />
      <TextField
        block="account"
        label="Código postal del domicilio fiscal"
        name="codigoPostal"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={values.codigoPostal}
        onChange={(e) => set('codigoPostal')(e.target.value.replace(/\D/g, ''))}
        error={errorFor('codigoPostal')}
      />
      <div className="account__field">
        <label htmlFor={`${regimenId}-regimenFiscal`}>Régimen fiscal</label>
        <select
          id={`${regimenId}-regimenFiscal`}
          name="regimenFiscal"
          value={values.regimenFiscal}
          onChange={(e) => set('regimenFiscal')(e.target.value)}
          aria-invalid={errorFor('regimenFiscal') ? true : undefined}
          aria-describedby={errorFor('regimenFiscal') ? `${regimenId}-regimen-error` : undefined}
        >
          <option value="">Elige tu régimen fiscal</option>
          {regimenes.map((r) => (
            <option key={r.clave} value={r.clave}>{`${r.clave} · ${r.descripcion}`}</option>
          ))}
        </select>
        {errorFor('regimenFiscal') && (
          <p id={`${regimenId}-regimen-error`} className="account__field-error">
            {errorFor('regimenFiscal')}
          </p>
        )}
      </div>
      <div className="account__field">
        <label htmlFor={`${usoId}-usoCfdi`}>Uso del CFDI</label>
        <select
          id={`${usoId}-usoCfdi`}
          name="usoCfdi"
          value={values.usoCfdi}
          onChange={(e) => set('usoCfdi')(e.target.value)}
          disabled={usos.length === 0}
          aria-invalid={errorFor('usoCfdi') ? true : undefined}
          aria-describedby={errorFor('usoCfdi') ? `${usoId}-uso-error` : `${usoId}-uso-hint`}
        >
          <option value="">{usos.length === 0 ? 'Primero elige tu régimen fiscal' : 'Elige el uso del CFDI'}</option>
          {usos.map((u) => (
            <option key={u.clave} value={u.clave}>{`${u.clave} · ${u.descripcion}`}</option>
          ))}
        </select>
        {errorFor('usoCfdi') ? (
          <p id={`${usoId}-uso-error`} className="account__field-error">
            {errorFor('usoCfdi')}
          </p>
        ) : (
          <p id={`${usoId}-uso-hint`} className="account__hint">
            Solo aparecen los usos que corresponden a tu régimen fiscal.
          </p>
        )}
      </div>
      {serverError && (
        <p className="account__alert" role="alert">
          {serverError}
        </p>
      )}
      <div className="account__actions">
        <button type="button" className="account__button account__button--secondary" onClick={onCancel} disabled={sending}>
          Cancelar
        </button>
        <button type="submit" className="account__button" disabled={sending}>
          {sending ? 'Emitiendo factura…' : 'Emitir factura'}
        </button>
      </div>
    </form>
  );
}
