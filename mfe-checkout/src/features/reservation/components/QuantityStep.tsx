import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '@taquilla/shared';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { quotePending, SelectionQuote } from '../../payment/components/SelectionQuote';
import { useQuote } from '../../payment/hooks/use-quote';
import { GuestFields } from './GuestFields';
import type { Buyer } from '../hooks/use-buyer';
import { useGuestForm } from '../hooks/use-guest-form';
import type { GuestData } from '../lib/guest';
import type { GeneralSection } from '../api/use-general-section';
import { isValidQuantity, maxQuantity, quantityOptions } from '../lib/quantity';

interface Props {
  eventoId: string;
  section: GeneralSection;
  buyer: Buyer;
  reserving: boolean;
  error: string | null;
  onReserve: (cantidad: number, invitado: GuestData | null) => void;
}

/**
 * Step 1 of the general-admission modal: how many places, the price of one, the server's quote of
 * that many (subtotal, fees, total: POST cotizar), 'Siguiente'.
 */
export function QuantityStep({ eventoId, section, buyer, reserving, error, onReserve }: Props) {
  const id = useId();
  const guest = useGuestForm();
  const max = maxQuantity(section.limiteDeAsientos, section.disponibles);
  const [cantidad, setCantidad] = useState(1);
  const quote = useQuote(eventoId, isValidQuantity(cantidad, max) ? { seccionId: section.seccionId, cantidad } : null);

  if (max === 0) return <p role="status">{catalogoMessages.SOLD_OUT}</p>;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidQuantity(cantidad, max)) return;
    const invitado = buyer === 'guest' ? guest.submit() : null;
    if (buyer === 'guest' && !invitado) return;
    onReserve(cantidad, invitado);
  };

  return (
    <form className="checkout__form" onSubmit={onSubmit} noValidate>
      <div className="checkout__field">
        <label htmlFor={`${id}-cantidad`}>Cantidad de boletos</label>
        <select id={`${id}-cantidad`} value={cantidad} disabled={reserving} onChange={(e) => setCantidad(Number(e.target.value))}>
          {quantityOptions(max).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <dl className="checkout__totals">
        <div>
          <dt>Precio por boleto</dt>
          <dd>{formatMoney(section.precio)}</dd>
        </div>
      </dl>
      <SelectionQuote state={quote} />
      {buyer === 'guest' && <GuestFields form={guest} disabled={reserving} />}
      {error && (
        <p className="checkout__alert" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="checkout__button" disabled={reserving || buyer === 'checking' || quotePending(quote)} aria-busy={reserving || undefined}>
        Siguiente
      </button>
    </form>
  );
}
