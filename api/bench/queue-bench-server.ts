/**
 * Child process of queue-bench.ts (two run side by side, like two API processes behind a
 * balancer): the real app on PORT_APP over the bench's PostgreSQL database, and its Prometheus
 * `/metrics` on PORT_METRICS (what the process itself answered, per route). Prints READY.
 */
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { startMetricsServer } from '../src/plugins/metrics';

const database = await openDatabase({ url: process.env.BENCH_DB_URL!, poolSize: Number(process.env.BENCH_POOL ?? 10) });
const app = await buildApp({ db: database, logger: false, validateResponses: false, migrate: false, seed: false });
await app.listen({ port: Number(process.env.PORT_APP), host: '127.0.0.1' });
await startMetricsServer(app, Number(process.env.PORT_METRICS), '127.0.0.1');
process.stdout.write('READY\n');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
