import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './support/api-process';
import { pgScratchDatabase, shutDown } from './support/pg-scratch';

/**
 * The real process and signal (src/main.ts): SIGTERM turns `/readyz` to 503 while requests are
 * still answered for SHUTDOWN_DRAIN_SECONDS, then the process exits 0.
 */
let scratch: Awaited<ReturnType<typeof pgScratchDatabase>> | undefined;
const servers: ApiProcess[] = [];
afterAll(async () => shutDown(servers, scratch));

describe('SIGTERM on an API process', { timeout: 120_000 }, () => {
  it('drains: unready, still serving, then exits 0', async () => {
    scratch = await pgScratchDatabase('drain');
    const server = await startApiProcess(scratch.url, { SHUTDOWN_DRAIN_SECONDS: '2' });
    servers.push(server);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    let readiness = 200;
    while (readiness === 200 && Date.now() - signalled < 1_500) readiness = (await fetch(`${server.base}/readyz`)).status;
    expect(readiness).toBe(503);
    const during = await fetch(`${server.base}/livez`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000);
  });
});
