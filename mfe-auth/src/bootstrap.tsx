// Standalone development page: mounts this remote's exposed modules on their shell routes.
// The shell is not here, so there is no header, toasts or session check. The dev server
// proxies /config.json and /api to the API (API_URL, default http://127.0.0.1:3000), so the
// remote's typed API calls work as they do inside the store.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@taquilla/shared';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import AuthRoutes from './app/AuthRoutes';

function Standalone() {
  return (
    <BrowserRouter>
      <nav aria-label="Rutas del remoto auth" style={{ display: 'flex', gap: 12, padding: 8, fontSize: 12 }}>
        <strong>auth (standalone)</strong> <Link to="/auth/login">/auth/login</Link> <Link to="/auth/register">/auth/register</Link> <Link to="/auth/forgot">/auth/forgot</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/auth/*" element={<AuthRoutes />} />
          <Route path="*" element={<p>Ruta no servida por el remoto auth.</p>} />
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
