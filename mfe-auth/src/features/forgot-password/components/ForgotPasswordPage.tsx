import { Link, useLocation } from 'react-router-dom';
import { forgotPasswordSchema } from '@taquilla/shared/schemas/auth';
import { MessageDialog } from '../../../components/MessageDialog';
import { TextField } from '@taquilla/shared/ui';
import { useDialog } from '../../../lib/use-dialog';
import { useForm } from '../../../lib/use-form';
import { useForgotPassword } from '../api/use-forgot-password';

export function ForgotPasswordPage() {
  // The page that sent the buyer here (`from`) travels between the auth pages.
  const { state } = useLocation();
  const { dialog, show, close } = useDialog();
  const { field, handleSubmit } = useForm(forgotPasswordSchema, { email: '' });
  const { submit, sending } = useForgotPassword(show);

  return (
    <>
      <h2>¿Olvidaste tu contraseña?</h2>
      <p>Escribe tu correo y te enviaremos un enlace para crear una nueva.</p>
      <form className="ta-form" noValidate onSubmit={handleSubmit(submit)}>
        <TextField block="ta-auth" announceError label="Correo" type="email" autoComplete="email" {...field('email')} />
        <button type="submit" className="ta-button" disabled={sending}>
          {sending ? 'Enviando...' : 'Recuperar Contraseña'}
        </button>
      </form>
      <nav className="ta-auth__links" aria-label="Otras opciones">
        <Link to="/auth/login" state={state}>
          Volver a iniciar sesión
        </Link>
      </nav>
      <MessageDialog dialog={dialog} onClose={close} />
    </>
  );
}
