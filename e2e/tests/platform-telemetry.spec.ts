import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, ops, ORIGIN_DIR, readRegistry, ROOT, test } from '../support/fixtures';
import { expectFallback, expectRemoteRendered, withThrowingSeating } from '../support/platform';
import { eventoId, openSeatPage, pickSeats, type Seccion } from '../support/purchase';

// Browser telemetry end to end: what goes wrong in a buyer's browser reaches the server as a
// beacon (navigator.sendBeacon, batched, nothing personal) and is counted for that remote and
// version — what the release judge and `pnpm status` read.

interface Figures {
  sesiones: number;
  sesionesConError: number;
  errores: number;
  tasaError: number;
  vitales: Record<'LCP' | 'INP' | 'CLS', number | null>;
}

async function figures(api: APIRequestContext, remoto: string, version: string): Promise<Figures> {
  const res = await api.get('/api/v1/telemetria/resumen?horas=1');
  expect(res.status()).toBe(200);
  const found = (await res.json()).versiones.find((v: { remoto: string; version: string }) => v.remoto === remoto && v.version === version);
  return found ?? { sesiones: 0, sesionesConError: 0, errores: 0, tasaError: 0, vitales: { LCP: null, INP: null, CLS: null } };
}

const ALLOWED_KEYS = new Set(['tipo', 'remoto', 'version', 'modulo', 'evento', 'nombre', 'valor']);

/** The next beacon whose events include one matching `match`. */
function nextBeacon(page: Page, match: (e: Record<string, unknown>) => boolean): Promise<Request> {
  return page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/api/v1/telemetria') && (JSON.parse(r.postData() ?? '{}').eventos ?? []).some(match),
    {
      timeout: 15_000,
    },
  );
}

function expectNothingPersonal(request: Request) {
  const url = new URL(request.url());
  expect([...url.searchParams.keys()]).toEqual(['apiKey']);
  const body = JSON.parse(request.postData()!);
  expect(Object.keys(body)).toEqual(['eventos']);
  for (const event of body.eventos) for (const key of Object.keys(event)) expect(ALLOWED_KEYS.has(key), key).toBe(true);
}

test.describe('telemetry', () => {
  test('a remote that fails to load: the slot falls back and a beacon reports it; the server counts it for that version', async ({ page, api }) => {
    const current = readRegistry().remotes.seating!.current;
    const before = await figures(api, 'seating', current);
    const folder = path.join(ORIGIN_DIR, 'seating');
    fs.renameSync(folder, `${folder}.away`);
    try {
      const beacon = nextBeacon(page, (e) => e.tipo === 'error-carga');
      await page.goto('/eventos/1');
      await expectFallback(page, 'seating');
      const request = await beacon;
      expectNothingPersonal(request);
      expect(JSON.parse(request.postData()!).eventos).toContainEqual({ tipo: 'error-carga', remoto: 'seating', version: current, modulo: 'EventDetail' });
      await expect.poll(async () => (await figures(api, 'seating', current)).errores).toBeGreaterThan(before.errores);
      const after = await figures(api, 'seating', current);
      expect(after.sesionesConError).toBeGreaterThan(before.sesionesConError);
      expect(after.sesiones).toBeGreaterThan(before.sesiones);
    } finally {
      fs.renameSync(`${folder}.away`, folder);
    }
  });

  test('a remote that throws while rendering: its boundary reports a render error of that version; error rate 100 %', async ({ page, api }) => {
    test.setTimeout(90_000);
    await withThrowingSeating('0.0.2-throws', async (broken) => {
      await page.addInitScript(() => localStorage.setItem('e2e:throw', '1'));
      const beacon = nextBeacon(page, (e) => e.tipo === 'error-render');
      await page.goto('/eventos/1');
      await expectFallback(page, 'seating');
      const request = await beacon;
      expectNothingPersonal(request);
      expect(JSON.parse(request.postData()!).eventos).toEqual(
        expect.arrayContaining([
          { tipo: 'sesion', remoto: 'seating', version: broken },
          { tipo: 'sesion-con-error', remoto: 'seating', version: broken },
          { tipo: 'error-render', remoto: 'seating', version: broken, modulo: 'EventDetail' },
        ]),
      );
      await expect.poll(async () => (await figures(api, 'seating', broken)).errores).toBeGreaterThanOrEqual(1);
      expect(await figures(api, 'seating', broken)).toMatchObject({ sesiones: 1, sesionesConError: 1, tasaError: 1 });
    });
  });

  test("a healthy page's Web Vitals reach the server per remote (LCP once the buyer interacts)", async ({ page, api }) => {
    const current = readRegistry().remotes.catalog!.current;
    const beacon = nextBeacon(page, (e) => e.tipo === 'vital' && e.nombre === 'LCP' && e.remoto === 'catalog');
    await page.goto('/eventos');
    await expectRemoteRendered(page, 'catalog');
    // web-vitals reports LCP when the page is first interacted with (or hidden).
    await page.keyboard.press('Shift');
    await page.mouse.click(2, 2);
    const request = await beacon;
    expectNothingPersonal(request);
    await expect.poll(async () => (await figures(api, 'catalog', current)).vitales.LCP).not.toBeNull();
  });

  test('a seating release that renamed its bus event: picking a seat reports the unheard event against seating, and the server counts it', async ({
    page,
    api,
  }) => {
    test.setTimeout(240_000);
    const first = readRegistry().remotes.seating!.current;
    const version = `0.0.3-renombrado.${Date.now()}`;
    // The gate's own broken build (platform/ops/gate/fixtures.mjs), released past the gate with --force.
    const { spawnSync } = await import('node:child_process');
    const fixtures = path.join(ROOT, 'platform', 'ops', 'gate', 'fixtures.mjs');
    const under = fs.mkdtempSync(path.join(os.tmpdir(), 'taquilla-e2e-renamed-'));
    const built = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { buildVariant, VARIANTS } from ${JSON.stringify(fixtures)}; console.log(buildVariant(${JSON.stringify(under)}, 'seating', ${JSON.stringify(version)}, VARIANTS.renamedEvent));`,
      ],
      { encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    const dist = built.stdout.trim().split('\n').at(-1)!;
    const released = ops('release', 'seating', '--version', version, '--dist', dist, '--force', '--reason', 'e2e: evento renombrado');
    expect(released.code, released.err).toBe(0);
    try {
      const id = await eventoId(api, 'Noche de Lucha Libre Estelar');
      const { secciones } = (await (await api.get(`/api/v1/eventos/${id}/detalle_seccion/false/web`)).json()) as { secciones: Seccion[] };
      const numerada = secciones.filter((s) => s.tipo_seccion === 'numerada').sort((a, b) => b.asientosDisponibles - a.asientosDisponibles)[0]!;
      const beacon = nextBeacon(page, (e) => e.tipo === 'evento-sin-oyente');
      await openSeatPage(page, id, numerada);
      await pickSeats(page, api, id, numerada, 1);
      const request = await beacon;
      expectNothingPersonal(request);
      expect(JSON.parse(request.postData()!).eventos).toContainEqual({
        tipo: 'evento-sin-oyente',
        remoto: 'seating',
        version,
        evento: 'seating:seleccion-cambiada',
      });
      await expect.poll(async () => (await figures(api, 'seating', version)).sesionesConError).toBe(1);
    } finally {
      const back = ops('rollback', 'seating', first);
      expect(back.code, back.err).toBe(0);
      fs.rmSync(under, { recursive: true, force: true });
    }
  });
});
