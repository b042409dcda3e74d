import { useAtomValue } from 'jotai';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { authAtom } from '@taquilla/shared';
import { UserMenu } from './UserMenu';

export function Header() {
  const { status, user } = useAtomValue(authAtom);
  // Signing in from a page (a seat page with a hold, say) comes back to it (the auth remote
  // reads `from`, as for the profile guard); from an auth page, wherever that one would return.
  const location = useLocation();
  const from = location.pathname.startsWith('/auth') ? (location.state as { from?: unknown } | null)?.from : location;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/eventos" className="brand" aria-label="Taquilla, ir a eventos">
          <span className="brand__mark" aria-hidden="true">
            ▲
          </span>{' '}
          Taquilla
        </Link>
        <nav aria-label="Cuenta" className="site-header__nav">
          {status === 'authenticated' ? (
            <>
              <NavLink to="/perfil/mis_compras" className="nav-link">
                Mis eventos
              </NavLink>
              <UserMenu name={user?.fullName ?? 'Mi cuenta'} />
            </>
          ) : (
            <>
              <NavLink to="/auth/login" state={{ from }} className="nav-link">
                Iniciar sesión
              </NavLink>
              <NavLink to="/auth/register" state={{ from }} className="btn btn-primary">
                Registrarse
              </NavLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
