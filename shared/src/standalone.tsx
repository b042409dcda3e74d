/**
 * The standalone development page of a remote (`pnpm dev` in mfe-<remote>): its exposed modules
 * on their shell routes, with a bar of links, and no shell (no header, toasts or session check).
 * The dev server proxies /config.json and /api to the API, so typed calls work as in the store;
 * without a running API the pages still render and their calls report the failure.
 *
 *   // mfe-x/src/index.ts (the async boundary lets federation negotiate the singletons first)
 *   void Promise.all([import('@taquilla/shared/standalone'), import('./app/standalone')])
 *     .then(([{ mountStandalone }, { standalone }]) => mountStandalone(standalone));
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { loadRuntimeConfig } from '@taquilla/shared';
import './standalone.css';

export interface StandaloneRoute {
  /** The shell's route pattern for this module. */
  path: string;
  element: ReactNode;
  /** An example address for the link bar (a pattern with parameters is not one). */
  example?: string;
}

export interface StandalonePage {
  remote: string;
  routes: StandaloneRoute[];
}

export function StandaloneApp({ remote, routes }: StandalonePage) {
  return (
    <BrowserRouter>
      <nav aria-label={`Rutas del remoto ${remote}`} className="standalone-nav">
        <strong>{remote} (standalone)</strong>
        {routes.map(({ example }) =>
          example ? (
            <Link key={example} to={example}>
              {example}
            </Link>
          ) : null,
        )}
      </nav>
      <main>
        <Routes>
          {routes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<p>Ruta no servida por el remoto {remote}.</p>} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

export function mountStandalone(page: StandalonePage, container = document.getElementById('root')): void {
  void loadRuntimeConfig().then(() => {
    if (container)
      createRoot(container).render(
        <StrictMode>
          <StandaloneApp {...page} />
        </StrictMode>,
      );
  });
}
