import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { buildTestApp, TEST_API_KEY, type TestApp } from './support/app';
import { beacon as sendBeacon, nextIp, sessions as addSessions, writeRegistry as writeOrigin } from './support/telemetria';

/**
 * Browser telemetry end to end on the server: beacons (text/plain, the API key in the query, as
 * navigator.sendBeacon sends them) are validated strictly, limited per client address, summed per
 * remote and version, read back by /telemetria/resumen; and the release judge rolls a bad plain
 * release back by itself, recorded in the origin's audit log.
 */

let t: TestApp;
let origin: string;

const readRegistry = () => JSON.parse(fs.readFileSync(path.join(origin, 'remotes.json'), 'utf8'));

const beacon = (body: unknown, opts?: Parameters<typeof sendBeacon>[2]) => sendBeacon(t.app, body, opts);
const sessions = (remoto: string, version: string, n: number, conError: number) => addSessions(t.app, remoto, version, n, conError);
const writeRegistry = (remotes: Parameters<typeof writeOrigin>[1]) => writeOrigin(origin, remotes);

const rowCount = async () =>
  (
    await queryRows<{ n: number }>(t.database.db, sql`select ((select count(*) from telemetria_remotos) + (select count(*) from telemetria_vitales))::int as n`)
  )[0]!.n;

beforeAll(async () => {
  origin = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-telemetria-'));
  t = await buildTestApp({ env: { ORIGIN_DIR: origin, ORIGIN_S3_BUCKET: '', TELEMETRIA_MAX_POR_IP: '5', JUICIO_CADA_MS: '0', JUICIO_MIN_SESIONES: '20' } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(origin, { recursive: true, force: true });
});
beforeEach(async () => {
  fs.rmSync(path.join(origin, 'audit.jsonl'), { force: true });
  await t.database.db.execute(sql`delete from telemetria_remotos`);
  await t.database.db.execute(sql`delete from telemetria_vitales`);
  writeRegistry({
    catalog: { current: '1.0.1', versions: ['1.0.0', '1.0.1'], changedAt: new Date(Date.now() - 60_000).toISOString() },
    seating: { current: '1.0.0', versions: ['1.0.0'], changedAt: new Date(Date.now() - 3_600_000).toISOString() },
  });
});

describe('POST /api/v1/telemetria', () => {
  it('sums a beacon per remote and version; /telemetria/resumen answers sessions, errors, error rate and vitals p75', async () => {
    const res = await beacon({
      eventos: [
        { tipo: 'sesion', remoto: 'catalog', version: '1.0.1' },
        { tipo: 'sesion', remoto: 'seating', version: '1.0.0' },
        { tipo: 'error-carga', remoto: 'seating', version: '1.0.0', modulo: 'EventDetail' },
        { tipo: 'sesion-con-error', remoto: 'seating', version: '1.0.0' },
        { tipo: 'evento-sin-oyente', remoto: 'seating', version: '1.0.0', evento: 'seating:selection-changed' },
        ...[900, 1200, 1500, 4000].map((valor) => ({ tipo: 'vital', remoto: 'catalog', version: '1.0.1', nombre: 'LCP', valor })),
        { tipo: 'vital', remoto: 'catalog', version: '1.0.1', nombre: 'CLS', valor: 50 },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ aceptados: 10 });
    await sessions('seating', '1.0.0', 1, 0);

    const resumen = await t.request('/api/v1/telemetria/resumen?horas=1');
    expect(resumen.statusCode, resumen.body).toBe(200);
    const byVersion = Object.fromEntries(resumen.json().versiones.map((v: { remoto: string; version: string }) => [`${v.remoto}@${v.version}`, v]));
    expect(byVersion['seating@1.0.0']).toMatchObject({ sesiones: 2, sesionesConError: 1, errores: 2, tasaError: 0.5 });
    expect(byVersion['catalog@1.0.1']).toMatchObject({ sesiones: 1, sesionesConError: 0, errores: 0, tasaError: 0 });
    // p75 of 900, 1200, 1500, 4000 is 1500: reported as its bucket's bound, within 10 %.
    expect(byVersion['catalog@1.0.1'].vitales.LCP).toBeGreaterThanOrEqual(1500);
    expect(byVersion['catalog@1.0.1'].vitales.LCP).toBeLessThanOrEqual(1650);
    expect(byVersion['catalog@1.0.1'].vitales.INP).toBeNull();
  });

  it('refuses a bad batch with a Spanish 400 and stores nothing of it', async () => {
    const ok = { tipo: 'sesion', remoto: 'catalog', version: '1.0.1' };
    const cases: Array<[string, Parameters<typeof beacon>[0], RegExp, { raw?: string }?]> = [
      ['unknown kind', { eventos: [ok, { tipo: 'clic', remoto: 'catalog', version: '1.0.1' }] }, /tipo de evento de telemetría no es válido/],
      ['a field the contract lacks (personal data has no place to go)', { eventos: [{ ...ok, correo: 'ana@ejemplo.mx' }] }, /correo/],
      [
        'a version the registry does not know',
        { eventos: [ok, { tipo: 'sesion', remoto: 'catalog', version: '9.9.9' }] },
        /no están publicadas: catalog 9\.9\.9/,
      ],
      ['a remote the registry does not know', { eventos: [{ tipo: 'sesion', remoto: 'pagos', version: '1.0.0' }] }, /no están publicadas: pagos 1\.0\.0/],
      ['a malformed version', { eventos: [{ ...ok, version: '../../x' }] }, /versión no es válida/],
      ['a vital out of range', { eventos: [{ tipo: 'vital', remoto: 'catalog', version: '1.0.1', nombre: 'LCP', valor: -1 }] }, /valor|pequeño/i],
      ['an unknown vital', { eventos: [{ tipo: 'vital', remoto: 'catalog', version: '1.0.1', nombre: 'FID', valor: 10 }] }, /métrica no es válida/],
      ['an empty batch', { eventos: [] }, /lote de telemetría está vacío/],
      ['too many events', { eventos: Array.from({ length: 41 }, () => ok) }, /a lo más 40 eventos/],
      ['not JSON', null, /no es un JSON válido/, { raw: '{"eventos": [' }],
    ];
    for (const [what, body, message, opts] of cases) {
      const res = await beacon(body, opts);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().message), what).toMatch(message);
      expect(await rowCount(), what).toBe(0);
    }
    const noKey = await beacon({ eventos: [ok] }, { apiKey: null });
    expect(noKey.statusCode).toBe(401);
    expect(await rowCount()).toBe(0);
  });

  it('limits beacons per client address on the shared rate limiter (429, Retry-After), other addresses unaffected', async () => {
    const address = nextIp();
    const body = { eventos: [{ tipo: 'sesion', remoto: 'catalog', version: '1.0.1' }] };
    for (let i = 0; i < 5; i++) expect((await beacon(body, { ip: address })).statusCode).toBe(202);
    const refused = await beacon(body, { ip: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Demasiados intentos/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await beacon(body)).statusCode).toBe(202);
    const resumen = await t.request('/api/v1/telemetria/resumen');
    expect(resumen.json().versiones.find((v: { remoto: string }) => v.remoto === 'catalog').sesiones).toBe(6);
  });

  it('counts accepted events in taquilla_browser_events_total by remote, version and kind', async () => {
    const before = await t.app.metrics.getSingleMetricAsString('taquilla_browser_events_total');
    const count = (text: string) => Number(/taquilla_browser_events_total\{remote="seating",version="1.0.0",kind="error-render"\} (\d+)/.exec(text)?.[1] ?? 0);
    await sessions('seating', '1.0.0', 3, 2);
    const after = await t.app.metrics.getSingleMetricAsString('taquilla_browser_events_total');
    expect(count(after) - count(before)).toBe(2);
  });
});

/** `pnpm status` on the test origin, against the server at `url`; answers what it printed. */
async function runStatus(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.resolve(import.meta.dirname, '../../platform/ops/status.mjs')], {
    env: { ...process.env, ORIGIN_DIR: origin, ORIGIN_S3_BUCKET: '', TAQUILLA_URL: url, API_KEY: TEST_API_KEY },
  });
  return stdout;
}

describe('pnpm status', () => {
  it('shows each live version with its sessions, error rate and vitals p75, read from the running server', async () => {
    await sessions('seating', '1.0.0', 4, 2);
    await sessions('catalog', '1.0.1', 3, 0);
    expect((await beacon({ eventos: [{ tipo: 'vital', remoto: 'catalog', version: '1.0.1', nombre: 'LCP', valor: 1800 }] })).statusCode).toBe(202);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Run without blocking this process: the server answering it lives here.
    const status = await runStatus(`http://127.0.0.1:${port}`);
    const block = (remote: string) => status.slice(status.indexOf(`\n${remote}: en vigor`)).split('\n\n')[0];
    expect(block('seating')).toMatch(/\* 1\.0\.0 .*\n\s+4 sesiones · error 50\.0% \(2\)/);
    expect(block('catalog')).toMatch(/\* 1\.0\.1 .*\n\s+3 sesiones · error 0\.0% \(0\) · LCP p75 1,[89]\d\d ms/);
    // The version before the live one, without reports, gets no line.
    expect(block('catalog')).not.toMatch(/1\.0\.0 .*\n\s+sin telemetría/);
  });

  it('still prints the registry when no server answers, and says so', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const status = await runStatus(`http://127.0.0.1:${closed}`);
    expect(status).toContain(`(telemetría no disponible (no se pudo consultar http://127.0.0.1:${closed}/api/v1/telemetria/resumen?horas=24: ECONNREFUSED))`);
    expect(status).toContain('catalog: en vigor 1.0.1');
  });
});

describe('the release judge', () => {
  /** Moves what was reported so far back by `minutes` (history before the current release). */
  const age = (minutes: number) => t.database.db.execute(sql`update telemetria_remotos set minuto = minuto - make_interval(mins => ${minutes})`);
  const judge = () => t.app.telemetria.judge.run();

  it('rolls a plain release whose error rate jumps back to the previous version, by itself, with the figures in the audit log', async () => {
    await sessions('catalog', '1.0.0', 40, 1);
    await age(120);
    await sessions('catalog', '1.0.1', 19, 19);
    expect(await judge()).toEqual([]); // below the minimum of sessions: not judged yet
    await sessions('catalog', '1.0.1', 11, 3);

    const decisions = await judge();
    expect(decisions).toEqual([expect.objectContaining({ remote: 'catalog', action: 'rollback', from: '1.0.1', to: '1.0.0' })]);
    expect(readRegistry().remotes.catalog.current).toBe('1.0.0');
    const audit = fs
      .readFileSync(path.join(origin, 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(audit.at(-1)).toMatchObject({ remote: 'catalog', action: 'rollback', from: '1.0.1', to: '1.0.0', actor: 'automático' });
    expect(audit.at(-1).reason).toContain('1.0.1: 73.3 % (22 de 30 sesiones) contra la anterior 1.0.0: 2.5 % (1 de 40 sesiones)');
    expect(await t.app.metrics.getSingleMetricAsString('taquilla_release_decisions_total')).toMatch(/remote="catalog",action="rollback"\} 1/);
    // Judged again: 1.0.0 is now live and healthy; nothing more changes.
    expect(await judge()).toEqual([]);
  });

  it('leaves a release alone when its error rate is like the previous one, or not clearly worse', async () => {
    await sessions('catalog', '1.0.0', 40, 4);
    await age(120);
    await sessions('catalog', '1.0.1', 40, 6);
    expect(await judge()).toEqual([]);
    expect(readRegistry().remotes.catalog.current).toBe('1.0.1');
  });

  it('without a baseline to compare with, rolls back only past the absolute ceiling', async () => {
    await sessions('catalog', '1.0.1', 25, 5); // 20 %: under the 25 % ceiling
    expect(await judge()).toEqual([]);
    await sessions('catalog', '1.0.1', 5, 5); // 10 of 30: 33 %
    expect(await judge()).toEqual([expect.objectContaining({ remote: 'catalog', action: 'rollback', to: '1.0.0' })]);
    expect(fs.readFileSync(path.join(origin, 'audit.jsonl'), 'utf8')).toContain('umbral absoluto 25.0 %');
  });

  const logChange = (change: { action: string; from: string | null; to: string }) =>
    fs.appendFileSync(
      path.join(origin, 'audit.jsonl'),
      `${JSON.stringify({ at: new Date().toISOString(), remote: 'catalog', actor: 'ana@ops', reason: null, ...change })}\n`,
    );
  const threeVersions = (current: string) =>
    writeRegistry({ catalog: { current, versions: ['1.0.0', '1.0.1', '1.0.2'], changedAt: new Date(Date.now() - 60_000).toISOString() } });

  it('compares with the version the release replaced (from the audit log), skipping an aborted canary between them', async () => {
    threeVersions('1.0.2');
    logChange({ action: 'canary', from: '1.0.0', to: '1.0.1' });
    logChange({ action: 'abort', from: '1.0.1', to: '1.0.0' });
    logChange({ action: 'release', from: '1.0.0', to: '1.0.2' });
    await sessions('catalog', '1.0.0', 40, 1);
    await sessions('catalog', '1.0.1', 40, 20);
    await age(120);
    await sessions('catalog', '1.0.2', 30, 15);
    expect(await judge()).toEqual([expect.objectContaining({ remote: 'catalog', action: 'rollback', from: '1.0.2', to: '1.0.0' })]);
    expect(readRegistry().remotes.catalog.current).toBe('1.0.0');
  });

  it('never judges a version that came back by a rollback (a person decided it)', async () => {
    threeVersions('1.0.1');
    logChange({ action: 'release', from: '1.0.1', to: '1.0.2' });
    logChange({ action: 'rollback', from: '1.0.2', to: '1.0.1' });
    await sessions('catalog', '1.0.0', 40, 0);
    await age(120);
    await sessions('catalog', '1.0.1', 40, 30);
    expect(await judge()).toEqual([]);
    expect(readRegistry().remotes.catalog.current).toBe('1.0.1');
  });

  describe('a canary', () => {
    const startCanary = () =>
      writeRegistry({
        catalog: {
          current: '1.0.0',
          versions: ['1.0.0', '1.0.1'],
          changedAt: new Date(Date.now() - 3_600_000).toISOString(),
          canary: { version: '1.0.1', percent: 10, startedAt: new Date(Date.now() - 60_000).toISOString() },
        },
      });

    it('clearly worse than the stable version over the minimum of sessions is aborted by itself (audited, figures given)', async () => {
      startCanary();
      await sessions('catalog', '1.0.0', 60, 2);
      await sessions('catalog', '1.0.1', 19, 10);
      expect(await judge()).toEqual([]); // 19 canary sessions: not judged yet
      await sessions('catalog', '1.0.1', 1, 0);
      expect(await judge()).toEqual([expect.objectContaining({ remote: 'catalog', action: 'abort', from: '1.0.1', to: '1.0.0' })]);
      const registry = readRegistry().remotes.catalog;
      expect(registry.canary).toBeUndefined();
      expect(registry.current).toBe('1.0.0');
      const last = JSON.parse(fs.readFileSync(path.join(origin, 'audit.jsonl'), 'utf8').trim().split('\n').at(-1)!);
      expect(last).toMatchObject({ remote: 'catalog', action: 'abort', from: '1.0.1', to: '1.0.0', actor: 'automático' });
      expect(last.reason).toContain(
        'Canario abortado automáticamente: tasa de error de 1.0.1: 50.0 % (10 de 20 sesiones) contra la estable 1.0.0: 3.3 % (2 de 60 sesiones)',
      );
    });

    it('as good as the stable version runs on; sessions before the canary started do not count', async () => {
      await sessions('catalog', '1.0.1', 30, 30); // before the canary (a stale tab, a test): aged out of its window
      await age(10);
      startCanary();
      await sessions('catalog', '1.0.0', 60, 2);
      await sessions('catalog', '1.0.1', 30, 1);
      expect(await judge()).toEqual([]);
      expect(readRegistry().remotes.catalog.canary).toMatchObject({ version: '1.0.1' });
    });
  });
});
