import type { BusEvents } from '@taquilla/shared';

type ToastRequest = BusEvents['ui:toast'];

/**
 * react-toastify is loaded on the first toast, not on first paint (first-load budget). Requests
 * made before it arrives wait here and are shown, in order, once the container is mounted.
 */
const pending: ToastRequest[] = [];
let show: ((request: ToastRequest) => void) | null = null;

export function enqueueToast(request: ToastRequest): void {
  if (show) show(request);
  else pending.push(request);
}

export function attachToastRenderer(render: (request: ToastRequest) => void): () => void {
  show = render;
  for (const request of pending.splice(0)) render(request);
  return () => {
    if (show === render) show = null;
  };
}
