import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { bus, hasPassed, isApiError } from '@taquilla/shared';
import type { EventoDetalle, FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';
import { useAvailability } from '../../live/hooks/use-availability';
import { useSeccion } from '../api/use-seccion';
import type { SeatDeltas } from '../../live/lib/seat-deltas';
import { useSeatSelection } from '../hooks/use-seat-selection';
import { seatAllIn } from '../lib/all-in';
import { buildSeatGrid } from '../lib/seat-grid';
import { companionToPropose } from '../lib/selection';
import { SeatLegend } from './SeatLegend';
import { SeatMap } from './SeatMap';
import { SelectionPanel } from './SelectionPanel';
import './seat-map.css';

export interface SeatPageProps {
  eventoId: string;
  seccionId: string;
  /** The section name from the URL, shown until the section answers. */
  seccionNombre: string;
}

function Header({ eventoId, evento, nombre, back }: { eventoId: string; evento?: EventoDetalle; nombre: string; back: React.ReactNode }) {
  return (
    <header className="seat-page__header">
      <nav aria-label="Ruta de navegación" className="seat-page__crumbs">
        <Link to="/eventos">Eventos</Link>
        {evento && (
          <>
            {' / '}
            <Link to={`/eventos/${encodeURIComponent(eventoId)}`}>{evento.nombre}</Link>
          </>
        )}
      </nav>
      <div className="seat-page__title-row">
        {back}
        <h1 className="seat-page__title">Sección: {nombre}</h1>
      </div>
    </header>
  );
}

const backLink = (eventoId: string) => (
  <Link className="seat-page__back" to={`/eventos/${encodeURIComponent(eventoId)}`} aria-label="Volver al evento">
    <span aria-hidden="true">←</span>
  </Link>
);

/** Route /eventos/:eventoId/:seccionId/:seccion: the section's seats and the buyer's selection. */
export function SeatPage({ eventoId, seccionId, seccionNombre }: SeatPageProps) {
  const navigate = useNavigate();
  const { state, reloadSeats, deltas } = useSeccion(eventoId, seccionId);

  // Spec §8: a section that fails to load is an alert, then back to the event list.
  useEffect(() => {
    if (state.status !== 'error') return;
    const message = isApiError(state.error) && state.error.message.trim() ? state.error.message : catalogoMessages.EVENT_FAILED;
    bus.emit('ui:toast', { kind: 'error', message });
    void navigate('/eventos', { replace: true });
  }, [state, navigate]);

  if (state.status !== 'ready') {
    return (
      <section className="seat-page" aria-busy="true" data-remote-version={__REMOTE_VERSION__}>
        <Header eventoId={eventoId} nombre={seccionNombre} back={backLink(eventoId)} />
        <p role="status">Cargando asientos…</p>
      </section>
    );
  }
  const pasado = state.evento.mostrarWeb && hasPassed(state.evento.fecha);
  if (!state.evento.mostrarWeb || pasado) {
    return (
      <section className="seat-page" data-remote-version={__REMOTE_VERSION__}>
        <h1 className="seat-page__title">{pasado ? catalogoMessages.EVENT_PAST_NOTICE : catalogoMessages.EVENT_NOT_AVAILABLE}</h1>
        <Link to="/eventos">Ver otros eventos</Link>
      </section>
    );
  }
  return <ReadySeatPage eventoId={eventoId} seccionId={seccionId} evento={state.evento} seccion={state.seccion} reloadSeats={reloadSeats} deltas={deltas} />;
}

function ReadySeatPage({
  eventoId,
  seccionId,
  evento,
  seccion,
  reloadSeats,
  deltas,
}: {
  eventoId: string;
  seccionId: string;
  evento: EventoDetalle;
  seccion: FilasPorSeccionResponse;
  reloadSeats: () => void;
  deltas: SeatDeltas;
}) {
  const grid = useMemo(() => buildSeatGrid(seccion.filas, seccion.orientacionFilas), [seccion]);
  const { estados, selected, asientos, hold, toggle, applyChange, cancelHold } = useSeatSelection({
    eventoId,
    seccionId,
    grid,
    limit: evento.limiteDeAsientos,
    reloadSeats,
  });
  // Live deltas on top of the snapshot's version; the stream (re)opens from the version shown.
  useAvailability(
    eventoId,
    {
      onAsientos: (c) => {
        if (deltas.onDelta(c)) applyChange(c);
      },
      onResync: reloadSeats,
      onRecargar: reloadSeats,
    },
    () => ({ seccionId, desde: deltas.desde }),
  );
  const allIn = useMemo(() => seatAllIn(evento, seccion), [evento, seccion]);
  // A wheelchair place picked alone: its free companion seat is proposed (decision 0032).
  const companion = useMemo(() => (hold ? null : companionToPropose(grid, estados, selected)), [hold, grid, estados, selected]);

  const back = hold ? (
    <button type="button" className="seat-page__back" onClick={cancelHold} aria-label="Cancelar la compra">
      <span aria-hidden="true">←</span>
    </button>
  ) : (
    backLink(eventoId)
  );

  return (
    <section className="seat-page" data-remote-version={__REMOTE_VERSION__}>
      <Header eventoId={eventoId} evento={evento} nombre={seccion.seccion.nombre} back={back} />
      <SeatLegend />
      <div className="seat-page__body">
        <SeatMap grid={grid} estados={estados} selected={selected} seccionNombre={seccion.seccion.nombre} toggle={toggle} allIn={allIn} />
        <SelectionPanel asientos={asientos} companion={companion && { label: companion.label, add: () => toggle(companion.index) }} />
      </div>
    </section>
  );
}
