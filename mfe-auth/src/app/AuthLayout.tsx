import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { authAtom, bus } from '@taquilla/shared';
import { returnPath } from '../lib/return-to';
import './auth.css';

/** Pages an e-mailed link opens: they must work whatever the session says. */
const LINK_PAGES = /\/auth\/(verify|reset)\//;

/**
 * Two-column auth page (spec §2): branded welcome on one side, the form on the other.
 * Sends an authenticated visitor back to the page that asked for a login (else '/'), and asks the shell for the session check while the
 * status is still 'checking' (the shell owns the token; we only read the atom).
 */
export function AuthLayout() {
  const { status } = useAtomValue(authAtom);
  const { pathname, state } = useLocation();

  useEffect(() => {
    if (status === 'checking') bus.emit('auth:check');
  }, [status]);

  if (status === 'authenticated' && !LINK_PAGES.test(pathname)) return <Navigate to={returnPath(state)} replace />;

  return (
    // The shell renders auth/* without its layout, so the page's main landmark is ours.
    <main className="ta-auth" id="contenido">
      <section className="ta-auth__welcome" aria-label="Bienvenida">
        <p className="ta-auth__brand">Taquilla</p>
        <h1>Bienvenido a Taquilla</h1>
        <p>
          Conciertos, deportes, teatro y más en todo México. Inicia sesión para comprar tus boletos, guardar tus tarjetas y consultar tus compras cuando
          quieras.
        </p>
        {/* The shell renders auth/* without its header: this is the way back to the shop. */}
        <Link to="/eventos" className="ta-auth__back">
          ← Ver eventos
        </Link>
      </section>
      <section className="ta-auth__panel" aria-label="Formulario">
        <div className="ta-auth__card">
          <Outlet />
        </div>
      </section>
    </main>
  );
}
