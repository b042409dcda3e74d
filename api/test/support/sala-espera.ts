import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { queryRows } from '../../src/db/rows';
import { admitirTodas } from '../../src/modules/sala-espera/sala-espera.job';
import type { TestApp } from './app';

/** The ALTCHA payload a browser's widget sends: the challenge and its solution, as base64 JSON. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** One simulated browser: its cookie jar (browser id and passes) travels with every request. */
export class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly t: TestApp,
    readonly ip = '203.0.113.7',
  ) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const res = await this.t.request({
      method,
      url: `/api/v1${url}`,
      payload: payload as never,
      remoteAddress: this.ip,
      headers: this.jar.size ? { cookie: this.cookie } : {},
    });
    const set = res.headers['set-cookie'];
    for (const c of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  }

  /** Solves the event's challenge and joins its line. */
  async join(eventoId: number) {
    const challenge = (await this.request('GET', `/eventos/${eventoId}/sala_espera/reto`)).json();
    return this.request('POST', `/eventos/${eventoId}/sala_espera`, { altcha: await solve(challenge) });
  }

  estado(eventoId: number) {
    return this.request('GET', `/eventos/${eventoId}/sala_espera`);
  }
}

/** Opens (or reopens) an event's room from the test, as the ops command would. */
export async function abrirSala(t: TestApp, eventoId: number, inicio: Date, ritmoPorMinuto: number | null) {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/sala_espera/ops',
    remoteAddress: '127.0.0.1',
    payload: { eventoId, accion: 'abrir', inicio: inicio.toISOString(), ritmoPorMinuto, actor: 'prueba' },
  });
  if (res.statusCode !== 200) throw new Error(`abrir: ${res.statusCode} ${res.body}`);
}

/** Moves the room's start to the past without an ops call (the draw happens at the next tick). */
export async function empezar(db: Db, eventoId: number) {
  await db.execute(sql`update salas_espera set inicio = now() - interval '1 second' where evento_id = ${eventoId}`);
}

/** The environment the waiting-room tests run the app with: no background tick, a light proof of work, no hold limits. */
export const SALA_ENV = {
  SALA_ESPERA_TICK_MS: '0',
  SALA_ESPERA_POW_DIFICULTAD: '40',
  HOLD_SWEEP_SECONDS: '0',
  SALA_ESPERA_MAX_POR_IP: '5',
  HOLD_MAX_PER_IP: '0',
};

/** One admission tick; answers what it did on `eventoId`. */
export const tick = async (t: TestApp, eventoId?: number) =>
  (await admitirTodas(t.database.db, t.app.config.salaEspera)).filter((r) => r.eventoId === eventoId);

/** A room started a second ago at 1 a minute, drawn from scratch: no places, nothing admitted. */
export async function salaEmpezadaSinLugares(t: TestApp, eventoId: number) {
  const db = t.database.db;
  await abrirSala(t, eventoId, new Date(Date.now() - 1000), 1);
  await db.execute(sql`delete from sala_espera_lugares where evento_id = ${eventoId}`);
  await db.execute(sql`update salas_espera set sorteada = false, admitidos_hasta = 0, credito = 0, ultimo_tick = now() where evento_id = ${eventoId}`);
}

export async function cerrarSala(t: TestApp, eventoId: number) {
  await t.request({ method: 'POST', url: '/api/v1/sala_espera/ops', remoteAddress: '127.0.0.1', payload: { eventoId, accion: 'cerrar', actor: 'prueba' } });
}

/** The event's places in line, by id. */
export async function lugares(t: TestApp, eventoId: number) {
  return queryRows<{ id: number; estado: string; numero: number | null }>(
    t.database.db,
    sql`select id, estado, numero from sala_espera_lugares where evento_id = ${eventoId} order by id`,
  );
}
