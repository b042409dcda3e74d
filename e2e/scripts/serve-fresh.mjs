// Playwright's webServer: a FRESH storefront for one e2e run. Builds nothing (test-all.mjs
// builds first): it wipes a temp folder, releases the already built remotes into a temp
// origin (as `pnpm release --no-build` would), and starts the API + storefront on a fresh
// PGlite folder (or on E2E_DATABASE_URL) — migrations and demo seed included.
import fs from 'node:fs';
import path from 'node:path';
import { API_KEY, BASE_URL, E2E_PORT, E2E_TMP, ORIGIN_DIR, PGLITE_DIR, ROOT } from './harness.mjs';

process.env.ORIGIN_DIR = ORIGIN_DIR;
const { REMOTE_NAMES, packageVersion, publish, startServer } = await import('../../platform/ops/lib.mjs');

fs.rmSync(E2E_TMP, { recursive: true, force: true });
fs.mkdirSync(ORIGIN_DIR, { recursive: true });
if (!fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
  console.error('✖ shell/dist no existe: compila antes (npm test lo hace; o pnpm --filter @taquilla/shell build)');
  process.exit(1);
}
for (const remote of REMOTE_NAMES) await publish(remote, packageVersion(remote), { origin: ORIGIN_DIR });

const env = {
  API_KEY,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
  PGLITE_DIR,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  // Nothing leaves the machine: mail goes to the API's outbox / local mailbox; links in
  // e-mails point at this server; the outbox is polled often so specs need not wait long.
  SMTP_URL: '',
  PUBLIC_URL: BASE_URL,
  MAIL_POLL_MS: process.env.E2E_MAIL_POLL_MS || '250',
  DATABASE_URL: process.env.E2E_DATABASE_URL || '',
  // The origin is the local folder above, whatever bucket the shell may name.
  ORIGIN_S3_BUCKET: '',
  // The local mailbox page, for specs that open e-mailed links (loopback only).
  DEV_MAILBOX: '1',
  // The dev-override specs load a remote from a dev server on this machine (with the
  // confirmation dialog); security.spec.ts shows a default deployment refusing overrides.
  ALLOW_REMOTE_OVERRIDES: '1',
  // Holds last 1 minute (E2E_HOLD_MINUTES), so the expiry spec sees the server free the places
  // after a real wait of a minute, while every other spec still has ample time inside a hold.
  HOLD_MINUTES: process.env.E2E_HOLD_MINUTES || '1',
  // Every spec signs in, registers, mails and holds from 127.0.0.1: a whole run is far more than
  // one person in 15 minutes. The per-IP limits themselves are tested in api/test/security and
  // api/test/reservas.limits.test.ts.
  LOGIN_MAX_PER_IP: '1000',
  REGISTER_MAX_PER_IP: '1000',
  MAIL_MAX_PER_IP: '1000',
  LINK_TOKEN_MAX_PER_IP: '1000',
  HOLD_MAX_PER_IP: '1000',
  HOLD_CANCEL_MAX_PER_IP: '1000',
  // HOLD_MAX_PLACES_PER_IP / _PER_DEVICE keep their defaults: no spec holds more than a buyer would.
  // Every page's seat map streams from 127.0.0.1 too (the caps: api/test/security/streams.test.ts).
  SSE_MAX_STREAMS_PER_IP: '1000',
  // Every page sends its telemetry beacons from 127.0.0.1 as well (the limit: api/test/telemetria.test.ts).
  TELEMETRIA_MAX_POR_IP: '10000',
  // The release judge stays off: specs release and break remotes on purpose, and must not see them
  // rolled back under them (E2E_JUICIO_CADA_MS turns it on; its paths: api/test/telemetria.test.ts).
  JUICIO_CADA_MS: process.env.E2E_JUICIO_CADA_MS || '0',
};
const { child, base } = await startServer({ port: E2E_PORT, env });
console.log(`✔ e2e server ${base} (origin ${ORIGIN_DIR})`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
child.once('exit', (code) => process.exit(code ?? 0));
