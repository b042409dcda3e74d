import { useEffect, useState, type PropsWithChildren } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { RemoteName } from '@taquilla/platform/registry';
import { estadoSala, salaEsperaPath } from '@taquilla/shared/api/sala-espera';
import { Backdrop } from '../../components/feedback/Backdrop';
import { useFederation, type ModuleName } from '../../federation/federation-api';

/** The slots of the page a gate guards, warmed while it asks. */
export type GuardedSlots = readonly (readonly [RemoteName, ModuleName, ...unknown[]])[];

/**
 * Guards an event's seat pages (`/eventos/:id`, the section page): while the event is "en venta
 * con fila" and this browser holds no pass, the buyer is sent to its 'Sala de espera'. The server
 * refuses holds and checkout without the pass anyway (decision 0031); this only saves the buyer a
 * refused click. If the API cannot be asked, the page is shown (the server still decides).
 *
 * While it asks, the guarded page's remotes (`slots`) are loaded, so the answer and the page's
 * code arrive side by side instead of one after the other; nothing is shown before the answer.
 */
export function QueueGate({ param, slots = [], children }: PropsWithChildren<{ param: string; slots?: GuardedSlots }>) {
  const id = useParams()[param] ?? '';
  const federation = useFederation();
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slots are a constant per route; a new event needs nothing new
  useEffect(() => {
    if (slots.length === 0) return;
    void federation.ready().then(() => {
      for (const [remote, module] of slots) federation.preload(remote, [module]);
    });
  }, [federation]);
  if (!gate || gate.id !== id) return <Backdrop />;
  return gate.open ? children : <Navigate to={salaEsperaPath(id)} replace />;
}
