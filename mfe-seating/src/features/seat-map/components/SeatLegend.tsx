import { ESTADOS_VISIBLES } from '../lib/seat-states';

export function SeatLegend() {
  return (
    <ul className="seat-legend" aria-label="Simbología de asientos">
      {ESTADOS_VISIBLES.map((e) => (
        <li key={e.estado} className="seat-legend__item">
          <span
            className={`seat-legend__dot seat-legend__dot--${e.estado}`}
            style={{ background: e.fill ?? 'conic-gradient(#3b82f6 0 33%, #ec4899 0 66%, #f59e0b 0)' }}
            aria-hidden="true"
          />
          {e.label}
        </li>
      ))}
    </ul>
  );
}
