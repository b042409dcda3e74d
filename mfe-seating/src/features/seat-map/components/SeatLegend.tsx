import { ESTADOS_VISIBLES } from '../lib/seat-states';

export function SeatLegend() {
  return (
    <ul className="seat-legend" aria-label="Simbología de asientos">
      {ESTADOS_VISIBLES.map((e) => (
        <li key={e.estado} className="seat-legend__item">
          <span
            className={`seat-legend__dot seat-legend__dot--${e.estado}`}
            // The painted colours are the canvas's (seat-states.ts); 'disponible' has none of its own.
            style={e.fill ? { background: e.fill } : undefined}
            aria-hidden="true"
          />
          {e.label}
        </li>
      ))}
    </ul>
  );
}
