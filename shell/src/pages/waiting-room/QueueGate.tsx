import { useEffect, useState, type PropsWithChildren } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { estadoSala, salaEsperaPath } from '@taquilla/shared/api/sala-espera';
import { Backdrop } from '../../components/feedback/Backdrop';

/**
 * Guards an event's seat pages (`/eventos/:id`, the section page): while the event is "en venta
 * con fila" and this browser holds no pass, the buyer is sent to its 'Sala de espera'. The server
 * refuses holds and checkout without the pass anyway (decision 0031); this only saves the buyer a
 * refused click. If the API cannot be asked, the page is shown (the server still decides).
 */
export function QueueGate({ param, children }: PropsWithChildren<{ param: string }>) {
  const id = useParams()[param] ?? '';
  const [gate, setGate] = useState<{ id: string; open: boolean } | null>(null);
  useEffect(() => {
    let cancelled = false;
    estadoSala(id)
      .then((e) => !cancelled && setGate({ id, open: e.estado === 'sin_fila' || e.estado === 'admitido' }))
      .catch(() => !cancelled && setGate({ id, open: true }));
    return () => {
      cancelled = true;
    };
  }, [id]);
  if (!gate || gate.id !== id) return <Backdrop />;
  return gate.open ? children : <Navigate to={salaEsperaPath(id)} replace />;
}
