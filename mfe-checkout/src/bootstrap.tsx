// Standalone development page: mounts this remote's exposed modules on their shell routes.
// The shell is not here, so there is no header, toasts or session check. The dev server
// proxies /config.json and /api to the API (API_URL, default http://127.0.0.1:3000), so the
// remote's typed API calls work as they do inside the store.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@taquilla/shared';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';
import CheckoutPanel from './app/CheckoutPanel';
import GeneralPurchase from './app/GeneralPurchase';
import ConfirmPurchase from './app/ConfirmPurchase';

/** The shell mounts CheckoutPanel beside seating's SeatSelection; standalone, props come from the URL. */
function CheckoutPanelRoute() {
  const { eventoId = '', seccionId = '' } = useParams();
  return <CheckoutPanel eventoId={eventoId} seccionId={seccionId} />;
}

function Standalone() {
  return (
    <BrowserRouter>
      <nav aria-label="Rutas del remoto checkout" style={{ display: 'flex', gap: 12, padding: 8, fontSize: 12 }}>
        <strong>checkout (standalone)</strong> <Link to="/eventos/1/1/A">/eventos/1/1/A</Link> <Link to="/terminar_compra/1/false/0">/terminar_compra/1/false/0</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/eventos/:eventoId/:seccionId/:seccion" element={<CheckoutPanelRoute />} />
          <Route path="/eventos/:id" element={<GeneralPurchase />} />
          <Route path="/terminar_compra/*" element={<ConfirmPurchase />} />
          <Route path="/terminar_compra_invitado/*" element={<ConfirmPurchase />} />
          <Route path="*" element={<p>Ruta no servida por el remoto checkout.</p>} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

const container = document.getElementById('root');
// Without a running API the pages still render; their calls report the failure.
void loadRuntimeConfig().then(() => {
  if (container) createRoot(container).render(<StrictMode><Standalone /></StrictMode>);
});
