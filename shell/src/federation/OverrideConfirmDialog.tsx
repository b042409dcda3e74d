import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { overrideRequestAtom } from './override-confirmation';

/**
 * Before a link's override loads foreign code on this origin (where the session lives), the
 * developer sees which remote would come from where and must accept it. Escape cancels.
 */
export function OverrideConfirmDialog() {
  const request = useAtomValue(overrideRequestAtom);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (request && dialog && !dialog.open) dialog.showModal?.();
  }, [request]);
  if (!request) return null;
  return (
    <dialog
      ref={ref}
      className="override-confirm"
      aria-labelledby="override-confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        request.answer(false);
      }}
    >
      <h2 id="override-confirm-title">¿Cargar código de otro origen?</h2>
      <p>
        Este enlace pide cargar módulos desde fuera de la tienda. Ese código tendría acceso a tu sesión. Acepta solo si
        tú mismo lo estás desarrollando.
      </p>
      <ul>
        {Object.entries(request.pending).map(([name, url]) => (
          <li key={name}>
            <strong>{name}</strong>: <code>{url}</code>
          </li>
        ))}
      </ul>
      <div className="override-confirm__actions">
        <button type="button" onClick={() => request.answer(false)}>
          Cancelar
        </button>
        <button type="button" onClick={() => request.answer(true)}>
          Cargar
        </button>
      </div>
    </dialog>
  );
}
