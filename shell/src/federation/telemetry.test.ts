import { describe, expect, it } from 'vitest';
import type { RemoteName } from '@taquilla/platform/registry';
import { createTelemetry, FLUSH_MS, SEEN_KEY } from './telemetry';

function setup(versions: Partial<Record<RemoteName, string>> = { catalog: '1.0.1', seating: '1.0.0' }, stored: Record<string, string> = {}) {
  const sent: Array<{ url: string; body: { eventos: Array<Record<string, unknown>> } }> = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const storage = {
    data: { ...stored },
    getItem(key: string) {
      return this.data[key] ?? null;
    },
    setItem(key: string, value: string) {
      this.data[key] = value;
    },
  };
  const telemetry = createTelemetry({
    send: (url, body) => {
      sent.push({ url, body: JSON.parse(body) });
      return true;
    },
    versionOf: (remote) => versions[remote] ?? null,
    storage,
    setTimeout: (run, ms) => timers.push({ run, ms }),
  });
  const tick = () => timers.splice(0).forEach((t) => t.run());
  return { telemetry, sent, timers, tick, storage };
}

describe('telemetry (browser side)', () => {
  it('batches a session, a load failure and a render error with remote and version, sent FLUSH_MS after the first', () => {
    const { telemetry, sent, timers, tick } = setup();
    telemetry.configure('/api/v1/telemetria?apiKey=k');
    telemetry.sessionStarted('catalog');
    telemetry.failed('seating', 'EventDetail', 'error-carga');
    telemetry.failed('seating', 'EventDetail', 'error-render');
    expect(sent).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([FLUSH_MS]);
    tick();
    expect(sent).toEqual([
      {
        url: '/api/v1/telemetria?apiKey=k',
        body: {
          eventos: [
            { tipo: 'sesion', remoto: 'catalog', version: '1.0.1' },
            { tipo: 'sesion', remoto: 'seating', version: '1.0.0' },
            { tipo: 'sesion-con-error', remoto: 'seating', version: '1.0.0' },
            { tipo: 'error-carga', remoto: 'seating', version: '1.0.0', modulo: 'EventDetail' },
            { tipo: 'error-render', remoto: 'seating', version: '1.0.0', modulo: 'EventDetail' },
          ],
        },
      },
    ]);
  });

  it('counts a session and its first error once per tab session, across page loads (sessionStorage)', () => {
    const first = setup();
    first.telemetry.configure('/t');
    first.telemetry.failed('catalog', 'EventList', 'error-render');
    first.tick();
    const again = setup(undefined, first.storage.data);
    again.telemetry.configure('/t');
    again.telemetry.sessionStarted('catalog');
    again.telemetry.failed('catalog', 'EventList', 'error-render');
    again.tick();
    expect(again.sent.flatMap((s) => s.body.eventos.map((e) => e.tipo))).toEqual(['error-render']);
    expect(JSON.parse(first.storage.data[SEEN_KEY]!)).toEqual(['sesion catalog 1.0.1', 'error catalog 1.0.1']);
  });

  it('reports nothing for a remote without a released version (a developer override)', () => {
    const { telemetry, sent, tick } = setup({ catalog: '1.0.1' });
    telemetry.configure('/t');
    telemetry.failed('seating', 'EventDetail', 'error-carga');
    telemetry.unheard('seating', 'seating:selection-changed');
    telemetry.vital('seating', 'LCP', 1200);
    tick();
    expect(sent).toEqual([]);
  });

  it('sends at once when a batch is full, holds events until configured, rounds vitals', () => {
    const { telemetry, sent, tick } = setup();
    for (let i = 0; i < 45; i++) telemetry.vital('catalog', 'INP', 100.4 + i);
    expect(sent).toEqual([]); // no endpoint yet
    telemetry.configure('/t');
    tick();
    expect(sent.map((s) => s.body.eventos.length)).toEqual([40, 5]);
    expect(sent[0]!.body.eventos[0]).toEqual({ tipo: 'vital', remoto: 'catalog', version: '1.0.1', nombre: 'INP', valor: 100 });
  });

  it('an unheard bus event counts as an error of the emitting remote', () => {
    const { telemetry, sent, tick } = setup();
    telemetry.configure('/t');
    telemetry.unheard('seating', 'seating:seleccion-cambiada');
    tick();
    expect(sent[0]!.body.eventos).toEqual([
      { tipo: 'sesion', remoto: 'seating', version: '1.0.0' },
      { tipo: 'sesion-con-error', remoto: 'seating', version: '1.0.0' },
      { tipo: 'evento-sin-oyente', remoto: 'seating', version: '1.0.0', evento: 'seating:seleccion-cambiada' },
    ]);
  });

  it('a bus event name outside the contract pattern travels as desconocido:evento (the server would refuse the batch)', () => {
    const { telemetry, sent, tick } = setup();
    telemetry.configure('/t');
    telemetry.unheard('seating', 'Seating:Selección');
    tick();
    expect(sent[0]!.body.eventos.at(-1)).toEqual({ tipo: 'evento-sin-oyente', remoto: 'seating', version: '1.0.0', evento: 'desconocido:evento' });
  });
});
