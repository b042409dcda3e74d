import { useState, type FormEvent } from 'react';
import { bus } from '@taquilla/shared';
import { updatePassword } from '@taquilla/shared/api/cuenta';
import type { UpdatePasswordPayload } from '@taquilla/shared/schemas/cuenta';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { OutcomeMessage, type Outcome } from '../../../components/OutcomeMessage';
import { TextField } from '@taquilla/shared/ui';
import { checkPasswordForm, EMPTY_PASSWORD_FORM, type PasswordField, type PasswordValues } from '../lib/password-form';

/** Mi password: current, new and its confirmation; a confirm dialog precedes the change (spec §5). */
export function PasswordForm() {
  const [values, setValues] = useState<PasswordValues>(EMPTY_PASSWORD_FORM);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState<UpdatePasswordPayload | null>(null);
  const [saving, setSaving] = useState(false);

  const bind = (name: PasswordField) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkPasswordForm(values);
    if (!check.ok) {
      setFieldErrors(check.fields);
      setOutcome(check.form ? { kind: 'error', text: check.form } : null);
      return;
    }
    setFieldErrors({});
    setOutcome(null);
    setPending(check.payload);
  };

  const onConfirm = async () => {
    const payload = pending;
    setPending(null);
    if (!payload) return;
    setSaving(true);
    try {
      await updatePassword(payload);
      setValues(EMPTY_PASSWORD_FORM);
      setOutcome({ kind: 'success', text: cuentaMessages.PASSWORD_UPDATED });
      bus.emit('ui:toast', { kind: 'success', message: cuentaMessages.PASSWORD_UPDATED });
    } catch (error) {
      const reason = serverMessageOr(error, cuentaMessages.PASSWORD_UPDATE_FAILED);
      if (reason === cuentaMessages.CURRENT_PASSWORD_WRONG) {
        // Spec §8's text for the failure; the reason goes on the field it is about.
        setFieldErrors({ actualPassword: reason });
        setOutcome({ kind: 'error', text: cuentaMessages.PASSWORD_UPDATE_FAILED });
      } else setOutcome({ kind: 'error', text: reason });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="account__page" aria-labelledby="account-title">
      <h1 id="account-title">Cambiar contraseña</h1>
      <form className="account__form" onSubmit={onSubmit} noValidate>
        <TextField block="account" label="Contraseña actual" type="password" autoComplete="current-password" {...bind('actualPassword')} />
        <TextField block="account" label="Nueva contraseña" type="password" autoComplete="new-password" {...bind('newPassword')} />
        <TextField block="account" label="Confirmar nueva contraseña" type="password" autoComplete="new-password" {...bind('repeatedNewPassword')} />
        <p className="account__hint">La contraseña debe tener una mayúscula, una minúscula, un número y al menos 6 caracteres.</p>
        <OutcomeMessage outcome={outcome} />
        <button type="submit" className="account__button" disabled={saving}>
          {saving ? 'Actualizando…' : 'Actualizar contraseña'}
        </button>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title="¿Cambiar tu contraseña?"
        text="Usarás la nueva contraseña para iniciar sesión; tus otras sesiones se cerrarán."
        confirmLabel="Cambiar contraseña"
        onConfirm={() => void onConfirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
