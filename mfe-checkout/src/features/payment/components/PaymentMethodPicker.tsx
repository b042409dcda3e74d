import { pagoMessages } from '@taquilla/shared/messages/pagos';

/** How the buyer pays: a card (in one go or meses sin intereses), cash at a store, a SPEI transfer. */
export type Metodo = 'tarjeta' | 'efectivo' | 'spei';

/** '¿Cómo quieres pagar?': the card, and cash or SPEI where the event offers them. */
export function PaymentMethodPicker({
  metodo,
  efectivo,
  spei,
  disabled,
  onChange,
}: {
  metodo: Metodo;
  efectivo: boolean;
  spei: boolean;
  disabled: boolean;
  onChange: (metodo: Metodo) => void;
}) {
  const option = (value: Metodo, label: string) => (
    <label className="checkout__check">
      <input type="radio" name="metodo" value={value} checked={metodo === value} onChange={() => onChange(value)} />
      {label}
    </label>
  );
  return (
    <fieldset className="checkout__metodos" disabled={disabled}>
      <legend>¿Cómo quieres pagar?</legend>
      {option('tarjeta', 'Tarjeta de crédito o débito')}
      {efectivo && option('efectivo', pagoMessages.METHOD_EFECTIVO)}
      {spei && option('spei', pagoMessages.METHOD_SPEI)}
    </fieldset>
  );
}
