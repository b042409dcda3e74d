import { useId, useState } from 'react';
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { TextField } from '../../reservation/components/TextField';
import { cardBrand, cleanCvv, numberProblemAsTyped, cleanHolder, formatCardNumber, formatExpiry, type CardErrors, type CardInput } from '../lib/card';

const BRANDS = [
  { key: 'visa', name: 'Visa' },
  { key: 'mastercard', name: 'Mastercard' },
  { key: 'amex', name: 'American Express' },
] as const;

interface Props {
  card: CardInput;
  errors: CardErrors;
  disabled: boolean;
  onChange: (card: CardInput) => void;
}

/** Spec §5 "Card form": holder, number (grouped as typed, brand shown), MM/AA and CVV with its tooltip. */
export function CardForm({ card, errors, disabled, onChange }: Props) {
  const brand = cardBrand(card.number);
  const tipId = useId();
  const [tip, setTip] = useState(false);
  return (
    <fieldset className="checkout__card" disabled={disabled}>
      <legend>Tarjeta de crédito o débito</legend>
      <ul className="checkout__brands" aria-label="Tarjetas aceptadas">
        {BRANDS.map((b) => (
          <li key={b.key} className={`checkout__brand checkout__brand--${b.key}`} aria-current={brand === b.key ? 'true' : undefined}>
            {b.name}
          </li>
        ))}
      </ul>
      <TextField
        label="Nombre del titular"
        autoComplete="cc-name"
        value={card.holder}
        error={errors.holder}
        onChange={(e) => onChange({ ...card, holder: cleanHolder(e.target.value) })}
      />
      <TextField
        label="Número de tarjeta"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        error={errors.number ?? numberProblemAsTyped(card.number)}
        maxLength={19}
        onChange={(e) => onChange({ ...card, number: formatCardNumber(e.target.value) })}
      />
      <div className="checkout__card-row">
        <TextField
          label="Vencimiento (MM/AA)"
          placeholder="MM/AA"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          error={errors.expiry}
          maxLength={5}
          onChange={(e) => {
            const value = e.target.value;
            // Deleting the slash must not put it straight back.
            const deleting = value.length < card.expiry.length;
            onChange({ ...card, expiry: deleting ? value.replace(/[^\d/]/g, '') : formatExpiry(value) });
          }}
        />
        <div className="checkout__cvv">
          <TextField
            label="CVV"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={card.cvv}
            error={errors.cvv}
            maxLength={4}
            onChange={(e) => onChange({ ...card, cvv: cleanCvv(e.target.value) })}
          />
          <button
            type="button"
            className="checkout__tip-button"
            aria-label="¿Qué es el CVV?"
            aria-describedby={tipId}
            aria-expanded={tip}
            onClick={() => setTip((t) => !t)}
            onMouseEnter={() => setTip(true)}
            onMouseLeave={() => setTip(false)}
            onBlur={() => setTip(false)}
          >
            ?
          </button>
          <span id={tipId} role="tooltip" className="checkout__tooltip" hidden={!tip}>
            {pagoMessages.CARD_CVV_HINT}
          </span>
        </div>
      </div>
    </fieldset>
  );
}
