import { bus } from '@taquilla/shared';
import { NavLink } from 'react-router-dom';

const LINKS = [
  { to: '/perfil/mi_perfil', label: 'Mi perfil' },
  { to: '/perfil/mi_password', label: 'Contraseña' },
  { to: '/perfil/mis_formas_de_pago', label: 'Forma de pago' },
  { to: '/perfil/mis_compras', label: 'Mis compras' },
];

/** The profile area's side menu (spec §2); chips that wrap on phones, every one in view. Logout is the shell's, asked over the bus. */
export function SideMenu() {
  return (
    <nav className="account__menu" aria-label="Mi cuenta">
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="account__menu-link">
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="account__menu-link account__menu-logout" onClick={() => bus.emit('auth:logout', {})}>
            Cerrar sesión
          </button>
        </li>
      </ul>
    </nav>
  );
}
