import { describe, expect, it } from 'vitest';
import { startAfterLoad } from './after-load';
import type { ResolvedRemote } from './registry';

const at = (name: ResolvedRemote['name'], version: string): ResolvedRemote => ({
  name,
  version,
  entry: `http://tienda.test/remotes/${name}/${version}/mf-manifest.json`,
  source: 'registry',
});

function start() {
  const sent: Array<{ url: string; eventos: Array<Record<string, unknown>> }> = [];
  let running = [at('seating', '1.0.0'), at('checkout', '2.0.0')];
  const chunk = startAfterLoad({
    telemetry: {
      send: (url, body) => {
        sent.push({ url, eventos: JSON.parse(body).eventos });
        return true;
      },
      versionOf: (remote) => running.find((r) => r.name === remote)?.version ?? null,
      storage: null,
      setTimeout: () => undefined,
    },
    telemetryUrl: '/api/v1/telemetria?apiKey=k',
    follower: {
      read: async () => [at('seating', '1.0.1'), at('checkout', '2.0.0')],
      running: () => running,
      apply: (changed) => {
        running = running.map((r) => changed.find((c) => c.name === r.name) ?? r);
      },
      safe: () => true,
      now: () => 10_000,
      readAt: 0,
    },
  });
  return { chunk, sent, running: () => running };
}

describe('the after-load chunk, started once the page has loaded', () => {
  it('sends what the page reported to the configured URL, an unheard event counted against the listening remote', () => {
    const { chunk, sent } = start();
    chunk.telemetry.sessionStarted('seating');
    chunk.reportUnheard({ type: 'seating:selection-changed' });
    chunk.telemetry.flush();
    expect(sent).toEqual([
      {
        url: '/api/v1/telemetria?apiKey=k',
        eventos: [
          { tipo: 'sesion', remoto: 'seating', version: '1.0.0' },
          { tipo: 'sesion', remoto: 'checkout', version: '2.0.0' },
          { tipo: 'sesion-con-error', remoto: 'checkout', version: '2.0.0' },
          { tipo: 'evento-sin-oyente', remoto: 'checkout', version: '2.0.0', evento: 'seating:selection-changed' },
        ],
      },
    ]);
  });

  it("its follower ages from the tab's start-up reading: a navigation 10 s after it reads the registry and follows", async () => {
    const { chunk, running } = start();
    expect(await chunk.follower.stale()).toBe(true);
    expect(running().map((r) => r.version)).toEqual(['1.0.1', '2.0.0']);
  });
});
