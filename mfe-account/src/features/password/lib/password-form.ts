import { fieldErrors } from '@taquilla/shared/schemas/auth';
import { updatePasswordFormSchema, type UpdatePasswordPayload } from '@taquilla/shared/schemas/cuenta';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';

export type PasswordField = 'actualPassword' | 'newPassword' | 'repeatedNewPassword';
export type PasswordValues = Record<PasswordField, string>;

export const EMPTY_PASSWORD_FORM: PasswordValues = { actualPassword: '', newPassword: '', repeatedNewPassword: '' };

export type PasswordCheck = { ok: true; payload: UpdatePasswordPayload } | { ok: false; form?: string; fields: Partial<Record<PasswordField, string>> };

/**
 * The shared form schema, told the way the spec tells it: any empty field is ONE message for
 * the form ('Todos los campos son obligatorios'), not three; otherwise each field says what
 * is wrong with it (registration rules for the new one, the mismatch on the confirmation).
 */
export function checkPasswordForm(values: PasswordValues): PasswordCheck {
  const errors = fieldErrors<PasswordField>(updatePasswordFormSchema, values);
  if (Object.keys(errors).length === 0) {
    return { ok: true, payload: { actualPassword: values.actualPassword, newPassword: values.newPassword } };
  }
  if (Object.values(errors).includes(cuentaMessages.PASSWORD_FIELDS_REQUIRED)) return { ok: false, form: cuentaMessages.PASSWORD_FIELDS_REQUIRED, fields: {} };
  return { ok: false, fields: errors };
}
