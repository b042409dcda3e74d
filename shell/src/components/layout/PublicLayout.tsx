import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';

/** The child layout for public pages: header, the page, footer. */
export function PublicLayout() {
  return (
    <div className="page">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <Header />
      <main id="contenido" className="page__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
