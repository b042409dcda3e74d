import { useAtomValue } from 'jotai';
import { Dialog } from '@taquilla/shared/ui';
import { overrideRequestAtom } from './override-confirmation';

/**
 * Before a link's override loads foreign code on this origin (where the session lives), the
 * developer sees which remote would come from where and must accept it. Escape cancels.
 */
export function OverrideConfirmDialog() {
  const request = useAtomValue(overrideRequestAtom);
  return (
    <Dialog open={request !== null} labelledBy="override-confirm-title" onRequestClose={() => request?.answer(false)} className="override-confirm">
      {request && (
        <>
          <h2 id="override-confirm-title">¿Cargar código de otro origen?</h2>
          <p>
            Este enlace pide cargar módulos desde fuera de la tienda. Ese código tendría acceso a tu sesión. Acepta solo si tú mismo lo estás desarrollando.
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
        </>
      )}
    </Dialog>
  );
}
