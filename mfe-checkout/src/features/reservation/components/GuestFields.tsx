import { reservaMessages } from '@taquilla/shared/messages/reservas';
import type { GuestForm } from '../hooks/use-guest-form';
import { TextField } from './TextField';

/** Name and e-mail of a buyer without an account (spec: seat page, guests). */
export function GuestFields({ form, disabled }: { form: GuestForm; disabled?: boolean }) {
  const { value, errors } = form;
  return (
    <fieldset className="checkout__guest" disabled={disabled}>
      <legend>Tus datos</legend>
      <TextField
        label="Nombre"
        name="nombre"
        autoComplete="name"
        value={value.nombre}
        onChange={(e) => form.setField('nombre', e.target.value)}
        onBlur={() => form.touch('nombre')}
        error={errors.nombre}
      />
      <TextField
        label="Correo electrónico"
        name="correo"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={value.correo}
        onChange={(e) => form.setField('correo', e.target.value)}
        onBlur={() => form.touch('correo')}
        hint={reservaMessages.GUEST_EMAIL_HINT}
        error={errors.correo}
      />
    </fieldset>
  );
}
