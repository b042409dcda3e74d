import { Link } from 'react-router-dom';

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'TikTok', href: 'https://www.tiktok.com/' },
];

function StoreBadge({ store, line }: { store: string; line: string }) {
  return (
    <span className="store-badge" role="img" aria-label={`${line} ${store}`}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <rect x="5" y="2" width="14" height="20" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="18" r="1.2" fill="currentColor" />
      </svg>
      <span>
        <small>{line}</small>
        <strong>{store}</strong>
      </span>
    </span>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Síguenos</h2>
          <ul className="footer-list">
            {SOCIAL.map(({ name, href }) => (
              <li key={name}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legales</h2>
          <ul className="footer-list">
            <li>
              <Link to="/legales/terminos_y_condiciones">Términos y condiciones</Link>
            </li>
            <li>
              <Link to="/legales/aviso_de_privacidad">Aviso de privacidad</Link>
            </li>
            <li>
              <Link to="/legales/nuestras_politicas">Nuestras políticas</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contacto</h2>
          <address>
            Atención a clientes
            <br />
            <a href="mailto:contacto@taquilla.mx">contacto@taquilla.mx</a>
            <br />
            Lunes a viernes, 9:00 a 18:00 h (hora del centro de México)
          </address>
        </section>
        <section aria-labelledby="footer-apps">
          <h2 id="footer-apps">Nuestra app</h2>
          <div className="store-badges">
            <StoreBadge line="Próximamente en" store="App Store" />
            <StoreBadge line="Próximamente en" store="Google Play" />
          </div>
        </section>
      </div>
      <p className="container site-footer__copy">© {new Date().getFullYear()} Taquilla. Boletos para eventos en vivo en México.</p>
    </footer>
  );
}
