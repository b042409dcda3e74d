import { useId } from 'react';
import { messages } from '@taquilla/shared';
import type { GuestForm } from '../hooks/use-guest-form';

/** Name and e-mail of a buyer without an account (spec: seat page, guests). */
export function GuestFields({ form, disabled }: { form: GuestForm; disabled?: boolean }) {
  const id = useId();
  const { value, errors } = form;
  return (
    <fieldset className="checkout__guest" disabled={disabled}>
      <legend>Tus datos</legend>
      <div className="checkout__field">
        <label htmlFor={`${id}-nombre`}>Nombre</label>
        <input
          id={`${id}-nombre`}
          name="nombre"
          autoComplete="name"
          value={value.nombre}
          onChange={(e) => form.setField('nombre', e.target.value)}
          onBlur={() => form.touch('nombre')}
          aria-invalid={errors.nombre ? true : undefined}
          aria-describedby={errors.nombre ? `${id}-nombre-error` : undefined}
        />
        {errors.nombre && (
          <p id={`${id}-nombre-error`} className="checkout__error">
            {errors.nombre}
          </p>
        )}
      </div>
      <div className="checkout__field">
        <label htmlFor={`${id}-correo`}>Correo electrónico</label>
        <input
          id={`${id}-correo`}
          name="correo"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={value.correo}
          onChange={(e) => form.setField('correo', e.target.value)}
          onBlur={() => form.touch('correo')}
          aria-invalid={errors.correo ? true : undefined}
          aria-describedby={`${id}-correo-hint${errors.correo ? ` ${id}-correo-error` : ''}`}
        />
        <p id={`${id}-correo-hint`} className="checkout__hint">
          {messages.GUEST_EMAIL_HINT}
        </p>
        {errors.correo && (
          <p id={`${id}-correo-error`} className="checkout__error">
            {errors.correo}
          </p>
        )}
      </div>
    </fieldset>
  );
}
