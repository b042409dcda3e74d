import { Link, useParams } from 'react-router-dom';
import { resetPasswordFormSchema } from '@taquilla/shared/schemas/auth';
import { MessageDialog } from '../../../components/MessageDialog';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { useDialog } from '../../../lib/use-dialog';
import { useForm } from '../../../lib/use-form';
import { useResetPassword } from '../api/use-reset-password';

/** Opened from the recovery e-mail: /auth/reset/:token. */
export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { dialog, show, close } = useDialog();
  const { field, handleSubmit } = useForm(resetPasswordFormSchema, { password: '', repeatedPassword: '' });
  const { submit, sending } = useResetPassword(token, show);

  return (
    <>
      <h2>Nueva contraseña</h2>
      <p>Elige una contraseña nueva para tu cuenta.</p>
      <form className="ta-form" noValidate onSubmit={handleSubmit(submit)}>
        <NewPasswordFields label="Nueva contraseña" password={field('password')} repeatedPassword={field('repeatedPassword')} />
        <button type="submit" className="ta-button" disabled={sending}>
          {sending ? 'Guardando...' : 'Guardar contraseña'}
        </button>
      </form>
      <nav className="ta-auth__links" aria-label="Otras opciones">
        <Link to="/auth/forgot">Solicitar otro enlace</Link>
        <Link to="/auth/login">Volver a iniciar sesión</Link>
      </nav>
      <MessageDialog dialog={dialog} onClose={close} />
    </>
  );
}
