import { useEffect } from 'react';
// The unstyled build plus the stylesheet: the default build injects a <style> element, which
// the storefront's CSP (style-src 'self') refuses.
import { ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { attachToastRenderer } from './toast-queue';

/** The page's one toast container (spec "Shared layout"). Loaded lazily by <Toasts>. */
export default function ToastHost() {
  useEffect(() => attachToastRenderer(({ kind, message }) => void toast[kind](message)), []);
  return <ToastContainer position="top-right" autoClose={3000} theme="dark" closeOnClick pauseOnHover draggable newestOnTop={false} />;
}
