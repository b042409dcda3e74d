// Standalone development page: mounts this remote's exposed modules on their shell routes.
// The shell is not here, so there is no header, toasts or session check. The dev server
// proxies /config.json and /api to the API (API_URL, default http://127.0.0.1:3000), so the
// remote's typed API calls work as they do inside the store.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@taquilla/shared';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';
import EventDetail from './app/EventDetail';
import VenueMap from './app/VenueMap';
import SeatSelection from './app/SeatSelection';

/** The shell mounts VenueMap with the event id as a prop; standalone, read it from the URL. */
function VenueMapRoute() {
  const { id = '' } = useParams();
  return <VenueMap eventoId={id} />;
}

function Standalone() {
  return (
    <BrowserRouter>
      <nav aria-label="Rutas del remoto seating" style={{ display: 'flex', gap: 12, padding: 8, fontSize: 12 }}>
        <strong>seating (standalone)</strong> <Link to="/eventos/1">/eventos/1</Link> <Link to="/eventos/informacion/1">/eventos/informacion/1</Link> <Link to="/eventos/1/1/A">/eventos/1/1/A</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/eventos/:id" element={<EventDetail />} />
          <Route path="/eventos/informacion/:id" element={<VenueMapRoute />} />
          <Route path="/eventos/:eventoId/:seccionId/:seccion" element={<SeatSelection />} />
          <Route path="*" element={<p>Ruta no servida por el remoto seating.</p>} />
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
