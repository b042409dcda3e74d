import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { bus, type BusEvents } from '@taquilla/shared';

/** The page's one toast container (spec "Shared layout"), fed by bus 'ui:toast'. */
export function Toasts() {
  useEffect(() => {
    const show = ({ kind, message }: BusEvents['ui:toast']) => {
      toast[kind](message);
    };
    bus.on('ui:toast', show);
    return () => bus.off('ui:toast', show);
  }, []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={3000}
      theme="dark"
      closeOnClick
      pauseOnHover
      draggable
      newestOnTop={false}
    />
  );
}
