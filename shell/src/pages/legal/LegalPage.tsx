import type { ReactNode } from 'react';

export const LEGAL_JURISDICTION = 'Jalisco';

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="container legal">
      <h1>{title}</h1>
      <p className="legal__updated">Última actualización: {updated}</p>
      {children}
    </article>
  );
}
