import { Link, useParams } from 'react-router-dom';
import { useVerifyEmail } from '../api/use-verify-email';

/** Opened from the verification e-mail: /auth/verify/:token. */
export function VerifyEmailPage() {
  const { token } = useParams<{ token: string }>();
  const state = useVerifyEmail(token);

  return (
    <>
      <h2>Verificación de correo</h2>
      <div className="ta-status" role="status" aria-live="polite">
        {state.status === 'pending' ? 'Verificando tu correo...' : state.message}
      </div>
      <nav className="ta-auth__links" aria-label="Otras opciones">
        <Link to="/auth/login">Ir a iniciar sesión</Link>
      </nav>
    </>
  );
}
