import { Link, useParams } from 'react-router-dom';

const SCREENS: Record<string, string> = {
  login: 'Iniciar sesión',
  register: 'Crear cuenta',
  forgot: 'Recuperar contraseña',
  verify: 'Verificar correo',
  reset: 'Restablecer contraseña',
};

/** auth/* — placeholder until the auth screens land (login, register, forgot, verify, reset). */
export default function AuthRoutes() {
  const screen = useParams()['*']?.split('/')[0] ?? '';
  return (
    <section data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__} style={{ padding: '3rem 1rem', textAlign: 'center' }}>
      <h1>{SCREENS[screen] ?? 'Acceso'}: en construcción</h1>
      <p>Esta pantalla todavía no está disponible.</p>
      <Link to="/eventos">Volver a eventos</Link>
    </section>
  );
}
