import { consultaEsperandoMs, esperaEstimada, espaciar } from '@taquilla/shared/sala-espera';
import type { EstadoSala } from '@taquilla/shared/schemas/sala-espera';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { clientAddress } from '../reservas/reservas.client';
import type { SalaEsperaConfig } from './sala-espera.config';
import { numeroSorteado, salaVista } from './sala-espera.cache';
import { browserOf, ensureBrowser, issuePass, markPlace, readPass, readPlaceMark } from './sala-espera.pase';
import { checkPass, eventoDeReserva, findLugar, findSala, joinLine, type Lugar, type Sala, type SalaVista } from './sala-espera.repository';

/** What the waiting room's calls need: the database, its settings, the signing secret, whether cookies are `Secure`. */
export interface SalaDeps {
  db: Db;
  cfg: SalaEsperaConfig;
  secret: string;
  secure: boolean;
}

// altcha-lib takes its HMAC secrets only as strings and imports them per signature (no CryptoKey
// option; decision 0031, "ALTCHA keys"): ~15 µs each, two per challenge and two per check.
const signatureSecret = (secret: string) => `altcha:${secret}`;
const keySignatureSecret = (secret: string) => `altcha-clave:${secret}`;

/**
 * An ALTCHA challenge (proof of work, SHA-256) bound to the event: the solution's counter is
 * drawn at random, and the derived key is signed, so checking a solution is two HMACs.
 */
export async function reto(deps: SalaDeps, eventoId: number): Promise<Challenge> {
  const { dificultad, retoSegundos } = deps.cfg.pow;
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.floor(dificultad / 2), dificultad),
    deriveKey,
    data: { ev: eventoId },
    expiresAt: Math.floor(Date.now() / 1000) + retoSegundos,
    hmacSignatureSecret: signatureSecret(deps.secret),
    hmacKeySignatureSecret: keySignatureSecret(deps.secret),
  });
}

/** The nonce of a verified solution for this event (to be spent once), or a Spanish 400. */
async function verifiedNonce(deps: SalaDeps, eventoId: number, altcha: string): Promise<string> {
  let payload: { challenge?: Challenge; solution?: unknown };
  try {
    payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
  } catch {
    throw new DomainError('SALA_ESPERA_RETO_INVALIDO');
  }
  const challenge = payload?.challenge;
  if (!challenge?.parameters || typeof challenge.parameters !== 'object' || !payload.solution || typeof payload.solution !== 'object')
    throw new DomainError('SALA_ESPERA_RETO_INVALIDO');
  let verified = false;
  try {
    const result = await verifySolution({
      challenge,
      solution: payload.solution as Parameters<typeof verifySolution>[0]['solution'],
      deriveKey,
      hmacSignatureSecret: signatureSecret(deps.secret),
      hmacKeySignatureSecret: keySignatureSecret(deps.secret),
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  // The event is in the signed data: a solution for another event's line does not count here.
  if (!verified || challenge.parameters.data?.ev !== eventoId) throw new DomainError('SALA_ESPERA_RETO_INVALIDO');
  return String(challenge.parameters.nonce);
}

/** The rate the estimates use: the set one, or (automatic) the admissions seen in the last 5 minutes. */
export const admisionPorMinuto = (v: SalaVista): number => v.sala.ritmoPorMinuto ?? v.recientes / 5;

type Room = Omit<EstadoSala, 'estado' | 'consultarEnSegundos' | 'siguienteConsultaMs'>;

function answer(room: Room, estado: EstadoSala['estado'], pollMs: number, extra: Partial<EstadoSala> = {}, exact = false): EstadoSala {
  const ms = exact ? pollMs : espaciar(pollMs);
  return { ...room, ...extra, estado, siguienteConsultaMs: ms, consultarEnSegundos: Math.ceil(ms / 1000) };
}

/**
 * The room as this browser sees it; an admitted browser gets (again) its pass cookie with the answer.
 * A browser waiting behind the admitted numbers (its signed mark says its number) is answered from
 * the process's copy of the room alone; every other case reads its place.
 */
export async function estadoSala(
  deps: SalaDeps,
  eventoId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  known?: { lugar: Lugar; sala: Sala; navegador: string },
): Promise<EstadoSala> {
  const vista = known && known.sala.ritmoPorMinuto !== null ? { sala: known.sala, recientes: 0 } : await salaVista(deps.db, eventoId);
  const ahora = new Date();
  const base = { ahora: ahora.toISOString(), lugar: null, numero: null, esperaSegundos: null, paseExpira: null };
  if (!vista) return answer({ ...base, inicio: null, pausada: false, ritmoPorMinuto: null }, 'sin_fila', 60_000);
  const { sala } = vista;
  const room = { ...base, inicio: sala.inicio.toISOString(), pausada: sala.pausada, ritmoPorMinuto: sala.ritmoPorMinuto };
  const hastaInicioMs = Math.max(0, sala.inicio.getTime() - ahora.getTime());
  // Before the start nothing moves: ask again 1–8 s after the start (the draw; spread, so the crowd does not ask in one second), at most every 30 s.
  const antesMs = hastaInicioMs > 60_000 ? 30_000 : hastaInicioMs + 1000 + Math.round(Math.random() * 7000);
  // A join knows the browser before its request carries the cookie (a new browser's is set with this answer).
  const navegador = known?.navegador ?? browserOf(request);
  const waiting = (lugarId: number, numero: number): EstadoSala => {
    const posicion = Math.max(1, numero - sala.admitidosHasta);
    const espera = esperaEstimada(posicion, admisionPorMinuto(vista), sala.pausada);
    markPlace(request, reply, deps.secret, { eventoId, lugarId, numero, navegador: navegador! }, deps.secure);
    return answer(room, 'esperando', consultaEsperandoMs(espera), { lugar: posicion, numero, esperaSegundos: espera });
  };
  const mark = !known && navegador ? readPlaceMark(request, deps.secret, eventoId, navegador) : null;
  // Behind the admitted numbers a place is still waiting: sold out, it is told so without a read too.
  if (mark && mark.numero !== null && mark.numero > sala.admitidosHasta)
    return sala.agotadoEn ? answer(room, 'agotado', 15_000) : waiting(mark.lugarId, mark.numero);
  if (mark && !sala.agotadoEn) {
    if (mark.numero === null && !sala.sorteada) return answer(room, 'antes', antesMs, {}, true);
    // Just after the draw every early page asks for the number it drew: the process's copy of the
    // drawn numbers answers them all with one read (a place not in the copy reads itself below).
    if (mark.numero === null && sala.sorteada) {
      const numero = await numeroSorteado(deps.db, eventoId, mark.lugarId);
      if (numero !== null && numero > sala.admitidosHasta) return waiting(mark.lugarId, numero);
    }
  }
  const lugar = known?.lugar ?? (navegador ? await findLugar(deps.db, eventoId, navegador) : null);
  if (sala.agotadoEn && (!lugar || lugar.estado === 'esperando' || lugar.estado === 'agotado')) return answer(room, 'agotado', 15_000);
  if (!lugar) return answer(room, 'sin_lugar', Math.min(30_000, Math.max(1000, hastaInicioMs)));
  switch (lugar.estado) {
    case 'esperando':
      if (lugar.numero === null) {
        markPlace(request, reply, deps.secret, { eventoId, lugarId: lugar.id, numero: null, navegador: navegador! }, deps.secure);
        return answer(room, 'antes', antesMs, {}, true);
      }
      return waiting(lugar.id, lugar.numero);
    case 'admitido':
    case 'usado': {
      if (!lugar.paseExpiraEn || lugar.paseExpiraEn <= ahora) return answer(room, 'expirado', 60_000);
      await issuePass(reply, deps.secret, { eventoId, lugarId: lugar.id, navegador: navegador!, expira: lugar.paseExpiraEn }, deps.secure);
      return answer(room, 'admitido', 30_000, { paseExpira: lugar.paseExpiraEn.toISOString() });
    }
    case 'expirado':
      return answer(room, 'expirado', 60_000);
    case 'agotado':
      return answer(room, 'agotado', 15_000);
  }
}

/**
 * A place in line for this browser, after its proof of work: one per browser (a browser with a
 * place gets it back without a new challenge), at most `maxPorIp` per address. A new browser's
 * join is one statement (`joinLine`).
 */
export async function unirse(deps: SalaDeps, eventoId: number, altcha: string, request: FastifyRequest, reply: FastifyReply): Promise<EstadoSala> {
  const vista = await salaVista(deps.db, eventoId);
  if (!vista) throw new DomainError('SALA_ESPERA_NO_EXISTE');
  const navegadorPrevio = browserOf(request);
  const previo = navegadorPrevio ? await findLugar(deps.db, eventoId, navegadorPrevio) : null;
  if (previo) return estadoSala(deps, eventoId, request, reply, { lugar: previo, sala: vista.sala, navegador: navegadorPrevio! });
  if (vista.sala.agotadoEn) return estadoSala(deps, eventoId, request, reply);
  const nonce = await verifiedNonce(deps, eventoId, altcha);
  const navegador = ensureBrowser(request, reply, deps.secure);
  const result = await joinLine(deps.db, { eventoId, navegador, ip: clientAddress(request.ip), reto: nonce, maxPorIp: deps.cfg.maxPorIp });
  if ('refusal' in result) {
    if (result.refusal === 'TOPE_IP') throw new DomainError('SALA_ESPERA_TOPE_IP');
    if (result.refusal === 'SIN_SALA') throw new DomainError('SALA_ESPERA_NO_EXISTE');
    throw new DomainError('SALA_ESPERA_RETO_USADO');
  }
  if (result.sala.agotadoEn) return estadoSala(deps, eventoId, request, reply);
  return estadoSala(deps, eventoId, request, reply, { ...result, navegador });
}

/**
 * The server's check for holds and checkout of a queued event: an event without a room passes;
 * otherwise the request must carry this browser's valid pass for the event, or it is refused
 * with 403 SALA_ESPERA_SIN_PASE before anything changes. `extendMinutes` (a hold): the pass is
 * marked used and lives at least that long, so the payment can follow.
 */
export async function requirePass(deps: SalaDeps, request: FastifyRequest, eventoId: number, extendMinutes?: number): Promise<void> {
  const sala = await findSala(deps.db, eventoId);
  if (!sala) return;
  const pass = await readPass(request, deps.secret, eventoId);
  if (!pass || !(await checkPass(deps.db, eventoId, pass.lugarId, pass.navegador, extendMinutes))) throw new DomainError('SALA_ESPERA_SIN_PASE');
}

/** The same check for a call that names a hold instead of an event (make/cargo). */
export async function requirePassForReserva(deps: SalaDeps, request: FastifyRequest, reservaId: string): Promise<void> {
  const eventoId = await eventoDeReserva(deps.db, reservaId);
  if (eventoId !== null) await requirePass(deps, request, eventoId);
}
