import { Link, useLocation } from 'react-router-dom';
import { registerFormSchema } from '@taquilla/shared/schemas/auth';
import { MessageDialog } from '../../../components/MessageDialog';
import { TextField } from '@taquilla/shared/ui';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { useDialog } from '../../../lib/use-dialog';
import { useForm } from '../../../lib/use-form';
import { useRegister } from '../api/use-register';

export function RegisterPage() {
  // The page that sent the buyer here (`from`) travels between the auth pages.
  const { state } = useLocation();
  const { dialog, show, close } = useDialog();
  const { field, handleSubmit } = useForm(registerFormSchema, {
    fullName: '',
    email: '',
    password: '',
    repeatedPassword: '',
  });
  const { submit, sending } = useRegister(show);

  return (
    <>
      <h2>Crear cuenta</h2>
      <p>Regístrate para comprar y consultar tus boletos.</p>
      <form className="ta-form" noValidate onSubmit={handleSubmit(submit)}>
        <TextField block="ta-auth" announceError label="Nombre completo" autoComplete="name" {...field('fullName')} />
        <TextField block="ta-auth" announceError label="Correo" type="email" autoComplete="email" {...field('email')} />
        <NewPasswordFields label="Contraseña" password={field('password')} repeatedPassword={field('repeatedPassword')} />
        <button type="submit" className="ta-button" disabled={sending}>
          {sending ? 'Creando cuenta...' : 'Crear cuenta'}
        </button>
      </form>
      <nav className="ta-auth__links" aria-label="Otras opciones">
        <Link to="/auth/login" state={state}>
          ¿Ya tienes cuenta? Inicia sesión
        </Link>
      </nav>
      <MessageDialog dialog={dialog} onClose={close} />
    </>
  );
}
