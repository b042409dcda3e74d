import { authMessages } from '@taquilla/shared/messages/auth';
import type { FieldProps } from '../lib/use-form';
import { TextField } from '@taquilla/shared/ui';

interface Props {
  /** 'Contraseña' on register, 'Nueva contraseña' on reset. */
  label: string;
  password: FieldProps;
  repeatedPassword: FieldProps;
}

/** A new password with the spec's rules hint, and its repetition (register and reset). */
export function NewPasswordFields({ label, password, repeatedPassword }: Props) {
  return (
    <>
      <TextField block="ta-auth" announceError label={label} type="password" autoComplete="new-password" hint={authMessages.PASSWORD_HINT} {...password} />
      <TextField block="ta-auth" announceError label="Repetir contraseña" type="password" autoComplete="new-password" {...repeatedPassword} />
    </>
  );
}
