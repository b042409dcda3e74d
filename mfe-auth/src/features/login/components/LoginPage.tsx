import { Link, useLocation } from 'react-router-dom';
import { loginSchema } from '@taquilla/shared/schemas/auth';
import { MessageDialog } from '../../../components/MessageDialog';
import { TextField } from '@taquilla/shared/ui';
import { useDialog } from '../../../lib/use-dialog';
import { useForm } from '../../../lib/use-form';
import { useLogin } from '../api/use-login';

export function LoginPage() {
  // The page that sent the buyer here (`from`) travels between the auth pages.
  const { state } = useLocation();
  const { dialog, show, close } = useDialog();
  const { field, handleSubmit } = useForm(loginSchema, { email: '', password: '' });
  const { submit, sending } = useLogin(show);

  return (
    <>
      <h2>Iniciar sesión</h2>
      <p>Ingresa con tu correo y contraseña.</p>
      <form className="ta-form" noValidate onSubmit={handleSubmit(submit)}>
        <TextField block="ta-auth" announceError label="Correo" type="email" autoComplete="email" {...field('email')} />
        <TextField block="ta-auth" announceError label="Contraseña" type="password" autoComplete="current-password" {...field('password')} />
        <button type="submit" className="ta-button" disabled={sending}>
          {sending ? 'Ingresando...' : 'Ingresar'}
        </button>
      </form>
      <nav className="ta-auth__links" aria-label="Otras opciones">
        <Link to="/auth/forgot" state={state}>
          ¿Olvidaste tu contraseña?
        </Link>
        <Link to="/auth/register" state={state}>
          ¿No tienes cuenta? Crear una cuenta
        </Link>
      </nav>
      <MessageDialog dialog={dialog} onClose={close} />
    </>
  );
}
