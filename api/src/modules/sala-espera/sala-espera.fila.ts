import { createHash } from 'node:crypto';
import type { FilaSala } from '@taquilla/shared/schemas/sala-espera';
import type { DbOrTx } from '../../db/client';
import { copiaPorEvento, salaVista } from './sala-espera.cache';
import { eventoExiste } from './sala-espera.fila.repository';
import type { SalaVista } from './sala-espera.repository';
import { admisionPorMinuto } from './sala-espera.service';

/**
 * The shared answer of a room (decision 0031, "One answer for everyone"): `GET
 * /eventos/:id/sala_espera/fila`, the same bytes for every buyer of the event. Built once per copy
 * of the room this process keeps (`sala-espera.cache.ts`: read at most once a second, replaced
 * after each admission step), serialised once and sent from memory with its ETag. An event
 * without a room is looked up once a second; one that does not exist answers null (404).
 * Not compressed: the answer is ~250 bytes, below what compression saves on its headers.
 */
export interface FilaBytes {
  body: Buffer;
  etag: string;
}

/** Bytes built once per copy they come from (a room's copy, or an event's 'sin_fila'): copies are replaced, never changed. */
const construidas = new WeakMap<object, FilaBytes>();

/** An event without a room: its 'sin_fila' answer, or null when it does not exist, looked up at most once a second. */
const sinFila = copiaPorEvento(1000, async (db, eventoId) => ((await eventoExiste(db, eventoId)) ? filaDe(null, new Date()) : null));

/** The shared answer as data: what every waiting page of the event reads. */
function filaDe(vista: SalaVista | null, ahora: Date): FilaSala {
  if (!vista)
    return {
      estado: 'sin_fila',
      inicio: null,
      ahora: ahora.toISOString(),
      pausada: false,
      admitidosHasta: 0,
      ritmoPorMinuto: null,
      admisionPorMinuto: 0,
      siguienteConsultaMs: 60_000,
    };
  const { sala } = vista;
  const hastaInicioMs = Math.max(0, sala.inicio.getTime() - ahora.getTime());
  const estado = sala.agotadoEn ? 'agotado' : sala.sorteada ? 'abierta' : 'antes';
  return {
    estado,
    inicio: sala.inicio.toISOString(),
    ahora: ahora.toISOString(),
    pausada: sala.pausada,
    admitidosHasta: sala.admitidosHasta,
    ritmoPorMinuto: sala.ritmoPorMinuto,
    admisionPorMinuto: admisionPorMinuto(vista),
    // The longest a page waits: 7 s while numbers move (the sell-out bound of 10 s), 15 s sold out, until the draw before it.
    siguienteConsultaMs: estado === 'abierta' ? 7000 : estado === 'agotado' ? 15_000 : Math.min(30_000, Math.max(1000, hastaInicioMs + 1000)),
  };
}

function bytes(fila: FilaSala, serialize: (fila: FilaSala) => string): FilaBytes {
  const body = Buffer.from(serialize(fila), 'utf8');
  return { body, etag: `W/"fila-${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/**
 * The event's shared answer as bytes, or null when the event does not exist. `serialize` is the
 * route's response serializer (validated outside production), run once per build.
 */
export async function filaCompartida(db: DbOrTx, eventoId: number, serialize: (fila: FilaSala) => string): Promise<FilaBytes | null> {
  const vista = await salaVista(db, eventoId);
  const fuente = vista ?? (await sinFila.get(db, eventoId));
  if (!fuente) return null;
  let answer = construidas.get(fuente);
  if (!answer) construidas.set(fuente, (answer = bytes(vista ? filaDe(vista, new Date()) : (fuente as FilaSala), serialize)));
  return answer;
}
