import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
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
