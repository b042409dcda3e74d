import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { bus } from '@taquilla/shared';

/**
 * The logged-in user's menu: a disclosure button (Enter/Space open it, Escape closes it and
 * returns focus, clicking outside closes it) over plain links, all reachable with Tab.
 */
export function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">Menú de usuario: </span>
        {name}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        <ul id={menuId} className="user-menu__list">
          <li>
            <Link to="/perfil/mi_perfil" onClick={close}>
              Mi perfil
            </Link>
          </li>
          <li>
            <Link to="/perfil/mi_password" onClick={close}>
              Cambiar contraseña
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                bus.emit('auth:logout', {});
              }}
            >
              Cerrar sesión
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
