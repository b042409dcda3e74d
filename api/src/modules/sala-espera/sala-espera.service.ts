import type { EstadoSala } from '@taquilla/shared/schemas/sala-espera';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { clientAddress } from '../reservas/reservas.client';
import type { SalaEsperaConfig } from './sala-espera.config';
import { browserOf, ensureBrowser, issuePass, readPass } from './sala-espera.pase';
import { checkPass, eventoDeReserva, findLugar, findSala, joinLine, recentAdmissions, type Lugar, type Sala } from './sala-espera.repository';

/** What the waiting room's calls need: the database, its settings, the signing secret, whether cookies are `Secure`. */
export interface SalaDeps {
  db: Db;
  cfg: SalaEsperaConfig;
  secret: string;
  secure: boolean;
}

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
  if (!challenge?.parameters || typeof challenge.parameters !== 'object' || !payload.solution || typeof payload.solution !== 'object') throw new DomainError('SALA_ESPERA_RETO_INVALIDO');
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

/** Seconds until the place is admitted: its position over the set rate, or over the rate seen in the last 5 minutes (automatic). */
async function estimate(deps: SalaDeps, sala: Sala, posicion: number): Promise<number | null> {
  if (sala.pausada) return null;
  const perMinute = sala.ritmoPorMinuto ?? (await recentAdmissions(deps.db, sala.eventoId, 5)) / 5;
  return perMinute > 0 ? Math.round((posicion / perMinute) * 60) : null;
}

/** The room as this browser sees it; an admitted browser gets (again) its pass cookie with the answer. */
export async function estadoSala(deps: SalaDeps, eventoId: number, request: FastifyRequest, reply: FastifyReply, known?: Lugar): Promise<EstadoSala> {
  const sala = await findSala(deps.db, eventoId);
  const ahora = new Date();
  const base = { ahora: ahora.toISOString(), lugar: null, esperaSegundos: null, paseExpira: null };
  if (!sala) return { ...base, estado: 'sin_fila', inicio: null, pausada: false, ritmoPorMinuto: null, consultarEnSegundos: 60 };
  const room = { ...base, inicio: sala.inicio.toISOString(), pausada: sala.pausada, ritmoPorMinuto: sala.ritmoPorMinuto };
  const navegador = browserOf(request);
  const lugar = known ?? (navegador ? await findLugar(deps.db, eventoId, navegador) : null);
  const hastaInicio = Math.max(0, Math.ceil((sala.inicio.getTime() - ahora.getTime()) / 1000));
  if (sala.agotadoEn && (!lugar || lugar.estado === 'esperando' || lugar.estado === 'agotado')) return { ...room, estado: 'agotado', consultarEnSegundos: 15 };
  if (!lugar) return { ...room, estado: 'sin_lugar', consultarEnSegundos: Math.min(30, Math.max(1, hastaInicio)) };
  switch (lugar.estado) {
    case 'esperando': {
      if (lugar.numero === null) return { ...room, estado: 'antes', consultarEnSegundos: hastaInicio > 60 ? 30 : Math.max(1, Math.min(5, hastaInicio)) };
      const posicion = Math.max(1, lugar.numero - sala.admitidosHasta);
      const espera = await estimate(deps, sala, posicion);
      // Near the front every 2 s; further back every 8 s (a crowd of 20,000 costs 2,500 answers a second, and a sell-out still reaches everyone within 10 s).
      return { ...room, estado: 'esperando', lugar: posicion, esperaSegundos: espera, consultarEnSegundos: espera !== null && espera < 30 ? 2 : 8 };
    }
    case 'admitido':
    case 'usado': {
      if (!lugar.paseExpiraEn || lugar.paseExpiraEn <= ahora) return { ...room, estado: 'expirado', consultarEnSegundos: 60 };
      await issuePass(reply, deps.secret, { eventoId, lugarId: lugar.id, navegador: navegador!, expira: lugar.paseExpiraEn }, deps.secure);
      return { ...room, estado: 'admitido', paseExpira: lugar.paseExpiraEn.toISOString(), consultarEnSegundos: 30 };
    }
    case 'expirado':
      return { ...room, estado: 'expirado', consultarEnSegundos: 60 };
    case 'agotado':
      return { ...room, estado: 'agotado', consultarEnSegundos: 15 };
  }
}

/**
 * A place in line for this browser, after its proof of work: one per browser (a browser with a
 * place gets it back without a new challenge), at most `maxPorIp` per address.
 */
export async function unirse(deps: SalaDeps, eventoId: number, altcha: string, request: FastifyRequest, reply: FastifyReply): Promise<EstadoSala> {
  const sala = await findSala(deps.db, eventoId);
  if (!sala) throw new DomainError('SALA_ESPERA_NO_EXISTE');
  const navegadorPrevio = browserOf(request);
  const previo = navegadorPrevio ? await findLugar(deps.db, eventoId, navegadorPrevio) : null;
  if (previo || sala.agotadoEn) return estadoSala(deps, eventoId, request, reply, previo ?? undefined);
  const nonce = await verifiedNonce(deps, eventoId, altcha);
  const navegador = ensureBrowser(request, reply, deps.secure);
  const result = await joinLine(deps.db, { eventoId, navegador, ip: clientAddress(request.ip), reto: nonce, maxPorIp: deps.cfg.maxPorIp });
  if ('refusal' in result) {
    if (result.refusal === 'TOPE_IP') throw new DomainError('SALA_ESPERA_TOPE_IP');
    if (result.refusal === 'SIN_SALA') throw new DomainError('SALA_ESPERA_NO_EXISTE');
    throw new DomainError('SALA_ESPERA_RETO_USADO');
  }
  return estadoSala(deps, eventoId, request, reply, result.lugar);
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
