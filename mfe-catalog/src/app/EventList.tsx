/** Route /eventos — placeholder until the catalog screens land (hero, filters, grid). */
export default function EventList() {
  return (
    <section data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__} style={{ padding: '3rem 1rem', textAlign: 'center' }}>
      <h1>Eventos: en construcción</h1>
      <p>Muy pronto podrás explorar los próximos eventos, filtrarlos por fecha y categoría.</p>
      <p style={{ fontSize: '0.75rem', opacity: 0.6 }}>
        {__REMOTE_NAME__} v{__REMOTE_VERSION__}
      </p>
    </section>
  );
}
