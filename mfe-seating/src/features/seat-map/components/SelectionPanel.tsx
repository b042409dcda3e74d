import { CHECKOUT_SUMMARY_ID, filaLabel, formatMessage, formatMoney, type AsientoSeleccionado } from '@taquilla/shared';
import { reservaMessages } from '@taquilla/shared/messages/reservas';

/** Spec §2 side panel: count, then category, price and row + number per seat; 'Ver resumen'. */
export function SelectionPanel({
  asientos,
  companion = null,
}: {
  asientos: readonly AsientoSeleccionado[];
  /** A wheelchair place picked without its companion seat: that seat, and how to add it. */
  companion?: { label: string; add: () => void } | null;
}) {
  const n = asientos.length;
  const verResumen = () => {
    const summary = document.getElementById(CHECKOUT_SUMMARY_ID);
    if (!summary) return;
    summary.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (!summary.hasAttribute('tabindex')) summary.setAttribute('tabindex', '-1');
    summary.focus({ preventScroll: true });
  };
  return (
    <aside className="selection-panel" aria-labelledby="tus-asientos">
      <h2 id="tus-asientos" className="selection-panel__title">
        Tus asientos
      </h2>
      <p className="selection-panel__count" aria-live="polite">
        {n} {n === 1 ? 'asiento seleccionado' : 'asientos seleccionados'}
      </p>
      {n === 0 ? (
        <p className="selection-panel__empty">{reservaMessages.NO_SEATS_SELECTED}</p>
      ) : (
        <ul className="selection-panel__list" aria-label="Asientos seleccionados">
          {asientos.map((a) => (
            <li key={a.id} className="selection-panel__seat">
              <span className="selection-panel__swatch" style={{ background: a.color }} aria-hidden="true" />
              <span>
                <strong>{a.categoria}</strong> · {filaLabel(a.fila)}, asiento {a.numero}
              </span>
              <span className="selection-panel__price">{formatMoney(a.precio)}</span>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite">
        {companion && (
          <p className="selection-panel__companion">
            {formatMessage(reservaMessages.WHEELCHAIR_COMPANION, { asiento: companion.label })}{' '}
            <button type="button" className="btn btn-secondary" onClick={companion.add}>
              Agregar acompañante
            </button>
          </p>
        )}
      </div>
      {n > 0 && (
        <button type="button" className="selection-panel__summary btn btn-primary" onClick={verResumen}>
          Ver resumen
        </button>
      )}
    </aside>
  );
}
