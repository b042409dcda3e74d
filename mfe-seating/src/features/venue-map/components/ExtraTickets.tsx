import { formatMoney } from '@taquilla/shared';
import type { Seccion } from '@taquilla/shared/schemas/catalogo';
import { availabilityText } from '../lib/section-tooltip';

/** Spec §2: extra general tickets (seccionAdicional) are listed outside the map. */
export function ExtraTickets({ secciones, onSelect }: { secciones: readonly Seccion[]; onSelect: (s: Seccion) => void }) {
  if (secciones.length === 0) return null;
  return (
    <section className="extra-tickets" aria-labelledby="boletos-adicionales">
      <h2 id="boletos-adicionales">Boletos adicionales</h2>
      <ul className="extra-tickets__list">
        {secciones.map((s) => (
          <li key={s.id}>
            <button type="button" className="extra-ticket" onClick={() => onSelect(s)}>
              <span className="extra-ticket__name">{s.nombreEspecial || s.nombre}</span>
              <span className="extra-ticket__price">{formatMoney(s.precioSeccion)}</span>
              <span className="extra-ticket__stock">{availabilityText(s.asientosDisponibles)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
