import type { Seccion } from '@taquilla/shared/schemas/catalogo';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { sectionTooltip } from '../lib/section-tooltip';

/** Placed above the section's top centre (x, y in the map viewport's px); below it near the top edge. */
export function SectionTooltip({ id, seccion, x, y }: { id: string; seccion: Seccion; x: number; y: number }) {
  const t = sectionTooltip(seccion);
  const below = y < 110;
  return (
    <div id={id} role="tooltip" className={`venue-tooltip${below ? ' venue-tooltip--below' : ''}`} style={{ left: x, top: below ? Math.max(y, 0) + 8 : y - 8 }}>
      <strong className="venue-tooltip__title">{t.titulo}</strong>
      <span className="venue-tooltip__tipo">{t.tipo}</span>
      <ul className="venue-tooltip__list">
        {t.disponibilidad.map((d) => (
          <li key={d.categoria}>
            {d.categoria}: <span className={d.texto === catalogoMessages.SOLD_OUT ? 'venue-tooltip__agotado' : undefined}>{d.texto}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
