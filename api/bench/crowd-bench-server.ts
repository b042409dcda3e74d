/**
 * Child process of crowd-bench.ts: the real app with the storefront (SHELL_DIR, ORIGIN_DIR) on
 * PORT_APP (PostgreSQL at BENCH_DB_URL, production settings) and a bare Fastify hello route on
 * PORT_HELLO. Prints READY when both listen.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';

const database = await openDatabase({ url: process.env.BENCH_DB_URL!, poolSize: Number(process.env.BENCH_POOL ?? 5) });
const app = await buildApp({ db: database, logger: false, storefront: { shellDir: process.env.SHELL_DIR!, originDir: process.env.ORIGIN_DIR! } });
await app.listen({ port: Number(process.env.PORT_APP), host: '127.0.0.1' });

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: Number(process.env.PORT_HELLO), host: '127.0.0.1' });

process.stdout.write('READY\n');
process.on('SIGTERM', () => {
  void Promise.all([app.close(), hello.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
