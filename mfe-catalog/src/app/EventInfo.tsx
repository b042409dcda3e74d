import { Link } from 'react-router-dom';

/** Route /eventos/informacion/:id — placeholder until the catalog screens land. */
export default function EventInfo() {
  return (
    <section data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__} style={{ padding: '3rem 1rem', textAlign: 'center' }}>
      <h1>Información del evento: en construcción</h1>
      <p>Aquí verás la información completa del evento.</p>
      <Link to="/eventos">Volver a eventos</Link>
    </section>
  );
}
