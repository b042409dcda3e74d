import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { estadoSala, filaSala, retoSala, unirseSala } from '@taquilla/shared/api/sala-espera';
import { desdeFila, PERSONAL_CADA_MS } from '@taquilla/shared/sala-espera';
import { salaEsperaMessages as M } from '@taquilla/shared/messages/sala-espera';
import type { EstadoSala } from '@taquilla/shared/schemas/sala-espera';
import { messages } from '@taquilla/shared';
import { serverMessageOr } from '@taquilla/shared/server-message';
import type { AltchaElement } from './altcha';

const number = new Intl.NumberFormat('es-MX');

/** '2 h 05 min', '12 min', '45 s': a duration as the page shows it. */
export function duracion(segundos: number): string {
  const s = Math.max(0, Math.round(segundos));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.ceil((s % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** 'HH:MM:SS' (or 'N días HH:MM:SS') until the start. */
export function cuentaRegresiva(segundos: number): string {
  const s = Math.max(0, Math.floor(segundos));
  const d = Math.floor(s / 86_400);
  const hms = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return d > 0 ? `${d} ${d === 1 ? 'día' : 'días'} ${hms}` : hms;
}

/** The proof of work before a place is given: the ALTCHA widget, solving on its own as it appears. */
function Challenge({ eventoId, onPayload }: { eventoId: string; onPayload: (payload: string) => void }) {
  const ref = useRef<AltchaElement | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void import('./altcha').then(() => !cancelled && setReady(true));
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) onPayload(detail.payload);
    };
    el.addEventListener('statechange', onState);
    // The challenge comes through the shop's API client (API key, base URL); the widget only solves it.
    void retoSala(eventoId).then((challenge) => el.configure({ challenge, auto: 'onload', language: 'es-MX', hideFooter: true, minDuration: 300 }));
    return () => el.removeEventListener('statechange', onState);
  }, [ready, eventoId, onPayload]);
  return <div className="sala-espera__reto">{ready ? <altcha-widget ref={ref} /> : <p>{M.JOINING}</p>}</div>;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

/**
 * 'Sala de espera' of an event "en venta con fila" (decision 0031), route
 * `/eventos/:id/sala_de_espera`. Asks the API on a timer the server sets (`siguienteConsultaMs`)
 * and as soon as the page is shown again (a phone waking up), so the place survives a reload or
 * sleep: it is kept by the browser's cookie on the server. Waiting with a number in line (or told
 * sold out), it reads the event's shared answer (the same for every buyer) and works out its place
 * and wait from its own number; it asks for its personal answer (which admits and gives the pass)
 * when its number is reached, when the line is sold out, closed, paused or resumed, on waking,
 * and at least every minute. Place and estimate changes are announced politely; admission
 * assertively. The countdown is a timer (not announced every second).
 */
export default function WaitingRoomPage() {
  const { id = '' } = useParams();
  const [estado, setEstado] = useState<EstadoSala | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The last personal answer (its number in line) and when it came.
  const personal = useRef<{ estado: EstadoSala; at: number } | null>(null);

  const apply = useCallback((e: EstadoSala) => {
    setEstado(e);
    personal.current = { estado: e, at: Date.now() };
    setOffset(Date.parse(e.ahora) - Date.now());
  }, []);

  /** The shared answer read with the last personal one; null when the personal answer is due. */
  const fromShared = useCallback(async (): Promise<EstadoSala | null> => {
    const last = personal.current;
    if (!last || Date.now() - last.at >= PERSONAL_CADA_MS) return null;
    if (last.estado.estado !== 'esperando' && last.estado.estado !== 'agotado') return null;
    try {
      return desdeFila(last.estado, await filaSala(id));
    } catch {
      return null;
    }
  }, [id]);

  const poll = useCallback(
    async (personalDue = false) => {
      clearTimeout(timer.current);
      let next = 10_000;
      try {
        const shared = personalDue ? null : await fromShared();
        if (shared) setEstado(shared);
        else apply(await estadoSala(id));
        setError(null);
        // The server says when: sooner near the front, spread at random so a crowd does not ask in step.
        next = (shared ?? personal.current!.estado).siguienteConsultaMs;
      } catch (err) {
        setError(serverMessageOr(err, messages.UNEXPECTED_ERROR));
      }
      timer.current = setTimeout(() => void poll(), next);
    },
    [id, apply, fromShared],
  );

  useEffect(() => {
    void poll(true);
    // Shown again (a phone waking up) or back online: the personal answer, at once.
    const onVisible = () => document.visibilityState === 'visible' && void poll(true);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onVisible);
    return () => {
      clearTimeout(timer.current);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onVisible);
    };
  }, [poll]);

  const counting = estado?.estado === 'antes' || estado?.estado === 'sin_lugar';
  useEffect(() => {
    if (!counting) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [counting]);

  const join = useCallback(
    async (payload: string) => {
      try {
        const e = await unirseSala(id, payload);
        apply(e);
        setError(null);
        // The place's first answer sets the next poll (a timer set while without a place may be far off).
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void poll(), e.siguienteConsultaMs);
      } catch (err) {
        setError(serverMessageOr(err, messages.UNEXPECTED_ERROR));
      }
    },
    [id, apply, poll],
  );

  if (estado?.estado === 'sin_fila') return <Navigate to={`/eventos/${id}`} replace />;
  const hastaInicio = estado?.inicio ? (Date.parse(estado.inicio) - (now + offset)) / 1000 : 0;

  return (
    <div className="container sala-espera">
      <h1>{M.TITLE}</h1>
      {estado && hastaInicio > 0 && (
        <section className="sala-espera__inicio" aria-labelledby="sala-inicio">
          <h2 id="sala-inicio">{M.STARTS_IN}</h2>
          <p role="timer" className="sala-espera__reloj">
            {cuentaRegresiva(hastaInicio)}
          </p>
          <p>{M.BEFORE_START}</p>
        </section>
      )}
      <div aria-live="polite" className="sala-espera__estado">
        {estado?.estado === 'sin_lugar' && <Challenge eventoId={id} onPayload={join} />}
        {estado?.estado === 'antes' && <p>{M.KEEP_OPEN}</p>}
        {estado?.estado === 'esperando' && (
          <>
            <dl className="sala-espera__cifras">
              <div>
                <dt>{M.PLACE}</dt>
                <dd className="sala-espera__lugar">{number.format(estado.lugar ?? 0)}</dd>
              </div>
              <div>
                <dt>{M.AHEAD}</dt>
                <dd>{number.format(Math.max(0, (estado.lugar ?? 1) - 1))}</dd>
              </div>
              <div>
                <dt>{M.WAIT}</dt>
                <dd>{estado.esperaSegundos === null ? M.WAIT_UNKNOWN : duracion(estado.esperaSegundos)}</dd>
              </div>
            </dl>
            {estado.pausada && <p>{M.PAUSED}</p>}
            <p>{M.KEEP_OPEN}</p>
          </>
        )}
        {estado?.estado === 'expirado' && <p>{M.EXPIRED}</p>}
        {estado?.estado === 'agotado' && <p>{M.SOLD_OUT}</p>}
      </div>
      <div aria-live="assertive">
        {estado?.estado === 'admitido' && (
          <div className="sala-espera__turno">
            <p>{M.ADMITTED}</p>
            <Link className="btn btn-primary" to={`/eventos/${id}`}>
              {M.CONTINUE}
            </Link>
          </div>
        )}
      </div>
      {error && (
        <p role="alert" className="sala-espera__error">
          {error}
        </p>
      )}
    </div>
  );
}
