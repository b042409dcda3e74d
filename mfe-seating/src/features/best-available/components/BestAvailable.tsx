import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { authAtom, formatMessage, isApiError, messages } from '@taquilla/shared';
import { mejoresLugares } from '@taquilla/shared/api/reservas';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import type { Seccion } from '@taquilla/shared/schemas/catalogo';
import type { MejoresLugaresRespuesta } from '@taquilla/shared/schemas/reservas';
import { describeGroups } from '../lib/groups';
import { handOffHold } from '../lib/hand-off';
import './best-available.css';

export interface BestAvailableProps {
  eventoId: string;
  secciones: Seccion[];
  limiteDeAsientos: number;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'searching' }
  | { kind: 'error'; message: string }
  | { kind: 'offer'; answer: MejoresLugaresRespuesta; cantidad: number };

/** Price categories with seats (numbered or table sections) still free, in the sections' order. */
export function seatCategories(secciones: Seccion[]): string[] {
  const names: string[] = [];
  for (const s of secciones) {
    if (s.tipo_seccion === 'general') continue;
    for (const c of s.disponiblesPorCategoria) if (c.disponibles > 0 && !names.includes(c.categoria)) names.push(c.categoria);
  }
  return names;
}

/**
 * 'Mejores lugares disponibles' (decision 0032): the buyer names a category and how many seats;
 * the server picks the best adjacent ones and holds them, and the seat page of their section
 * opens with them held. When no block is left the server proposes a split, which the buyer may
 * accept. Closed behind a toggle so the map stays first.
 */
export function BestAvailable({ eventoId, secciones, limiteDeAsientos }: BestAvailableProps) {
  const navigate = useNavigate();
  const { status } = useAtomValue(authAtom);
  const guest = status !== 'authenticated';
  const categorias = seatCategories(secciones);
  const [open, setOpen] = useState(false);
  const [categoria, setCategoria] = useState('');
  const [cantidad, setCantidad] = useState(2);
  const [silla, setSilla] = useState(false);
  const [nombre, setNombre] = useState('');
  const [correo, setCorreo] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const id = useId();
  if (categorias.length === 0) return null;
  const elegida = categoria || categorias[0]!;

  const ask = async (separados: boolean) => {
    setOutcome({ kind: 'searching' });
    try {
      const answer = await mejoresLugares(eventoId, {
        categoria: elegida,
        cantidad,
        separados,
        sillaDeRuedas: silla,
        ...(guest ? { nombre, correo } : {}),
      });
      if (!answer.reservado || !answer.reservaId) {
        setOutcome({ kind: 'offer', answer, cantidad });
        return;
      }
      const seccion = secciones.find((s) => s.id === answer.seccionId);
      const path = `/eventos/${encodeURIComponent(eventoId)}/${answer.seccionId}/${encodeURIComponent(seccion?.nombre ?? String(answer.seccionId))}`;
      handOffHold({ eventoId, reservaId: answer.reservaId, volverA: path });
      void navigate(path);
    } catch (error) {
      const text = isApiError(error) && error.status !== undefined && error.status < 500 ? error.messages.join(' ') : '';
      setOutcome({ kind: 'error', message: text && text !== messages.UNEXPECTED_ERROR ? text : reservaMessages.RESERVE_FAILED });
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void ask(false);
  };

  const busy = outcome.kind === 'searching';
  return (
    <section className="best" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="best__title">
        <button type="button" className="best__toggle" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen((o) => !o)}>
          {reservaMessages.BEST_TITLE}
        </button>
      </h2>
      {open && (
        <form id={`${id}-form`} className="best__form" onSubmit={onSubmit} aria-busy={busy}>
          <p className="best__hint">Dinos cuántos lugares quieres y en qué categoría; apartamos los mejores juntos.</p>
          <div className="best__row">
            <label htmlFor={`${id}-categoria`}>Categoría</label>
            <select id={`${id}-categoria`} value={elegida} onChange={(e) => setCategoria(e.target.value)}>
              {categorias.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="best__row">
            <label htmlFor={`${id}-cantidad`}>Cantidad de boletos</label>
            <select id={`${id}-cantidad`} value={cantidad} onChange={(e) => setCantidad(Number(e.target.value))}>
              {Array.from({ length: limiteDeAsientos }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="best__check">
            <input id={`${id}-silla`} type="checkbox" checked={silla} onChange={(e) => setSilla(e.target.checked)} />
            <label htmlFor={`${id}-silla`}>Necesito un lugar para silla de ruedas con acompañante</label>
          </div>
          {guest && (
            <fieldset className="best__guest">
              <legend>Tus datos</legend>
              <div className="best__row">
                <label htmlFor={`${id}-nombre`}>Nombre</label>
                <input id={`${id}-nombre`} name="nombre" autoComplete="name" value={nombre} onChange={(e) => setNombre(e.target.value)} />
              </div>
              <div className="best__row">
                <label htmlFor={`${id}-correo`}>Correo electrónico</label>
                <input
                  id={`${id}-correo`}
                  name="correo"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  aria-describedby={`${id}-correo-ayuda`}
                  value={correo}
                  onChange={(e) => setCorreo(e.target.value)}
                />
                <small id={`${id}-correo-ayuda`}>{reservaMessages.GUEST_EMAIL_HINT}</small>
              </div>
            </fieldset>
          )}
          <button type="submit" className="best__submit" disabled={busy}>
            {busy ? 'Buscando lugares…' : 'Buscar mejores lugares'}
          </button>
          <div className="best__outcome" aria-live="polite">
            {outcome.kind === 'error' && (
              <p role="alert" className="best__error">
                {outcome.message}
              </p>
            )}
            {outcome.kind === 'offer' && (
              <div className="best__offer">
                <p>{formatMessage(reservaMessages.BEST_SPLIT_OFFER, { n: outcome.cantidad, grupos: outcome.answer.grupos })}</p>
                <ul>
                  {describeGroups(outcome.answer.asientos).map((g) => (
                    <li key={g}>{g}</li>
                  ))}
                </ul>
                <button type="button" className="best__submit" onClick={() => void ask(true)}>
                  Aceptar lugares separados
                </button>
              </div>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
