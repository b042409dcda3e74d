import { lazy, Suspense, useEffect, useState } from 'react';
import { bus, type BusEvents } from '@taquilla/shared';
import { enqueueToast } from './toast-queue';

const ToastHost = lazy(() => import('./ToastHost'));

/** Listens to bus 'ui:toast'; mounts the (lazy) toast container on the first request. */
export function Toasts() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onToast = (request: BusEvents['ui:toast']) => {
      enqueueToast(request);
      setActive(true);
    };
    bus.on('ui:toast', onToast);
    return () => bus.off('ui:toast', onToast);
  }, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
