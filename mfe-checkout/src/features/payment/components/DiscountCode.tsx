import { useState, type FormEvent } from 'react';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import type { AplicarPromoResponse } from '@taquilla/shared/schemas/pagos';
import { promocionMessages } from '@taquilla/shared/messages/promociones';
import { errorMessage, usePaymentDeps } from '../api/deps';
import { codeProblem } from '../lib/order';
import type { Order } from '../hooks/use-order';
import { TextField } from '../../reservation/components/TextField';

interface Props {
  eventoId: string;
  reservaId: string;
  esGeneral: boolean;
  order: Order;
  disabled: boolean;
  applied: Promocion | null;
  /** The code's promotion (carrying the code typed) and the server's totals with it. */
  onApplied: (promo: Promocion, totals: AplicarPromoResponse) => void;
}

/**
 * The code input and 'Aplicar': the code's promotion is checked against the cart here (every
 * message of spec §5 "Discount code"), then by the server on the hold (aplicar-promo). The
 * promotion handed to `onApplied` carries the code typed, which make/cargo needs with its id.
 */
export function DiscountCode({ eventoId, reservaId, esGeneral, order, disabled, applied, onApplied }: Props) {
  const deps = usePaymentDeps();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSuccess(null);
    const clave = code.trim().toUpperCase();
    if (!clave) {
      setError(promocionMessages.DISCOUNT_CODE_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let promo: Promocion;
      try {
        promo = await deps.validarClaveWeb(Number(eventoId), clave);
      } catch (e) {
        setError(errorMessage(e, promocionMessages.DISCOUNT_CODE_INVALID));
        return;
      }
      const problem = codeProblem(order.lines, promo, { esGeneral, seccionNombre: order.seccionNombre });
      if (problem) {
        setError(problem);
        return;
      }
      try {
        // A code's promotion applies only with its code: it goes with the id here and on 'Pagar'.
        const answer = await deps.aplicarPromo({ promocionId: promo.id, clave, eventoId: Number(eventoId), reservaId });
        setSuccess(answer.message || promocionMessages.DISCOUNT_APPLIED);
        onApplied({ ...answer.promocion, clave }, answer);
      } catch (e) {
        setError(errorMessage(e, promocionMessages.DISCOUNT_CODE_INVALID));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="checkout__discount" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label="Código de descuento"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        autoComplete="off"
        maxLength={64}
        disabled={disabled}
        error={error ?? undefined}
        hint={applied?.clave ? `Código aplicado: ${applied.clave}` : undefined}
      />
      <button type="submit" className="checkout__button checkout__button--secondary" disabled={disabled || busy}>
        Aplicar
      </button>
      {success && (
        <p role="status" className="checkout__notice">
          {success}
        </p>
      )}
    </form>
  );
}
