/**
 * Child process of catalog-bench.ts: the real app on PORT_APP (PostgreSQL at BENCH_DB_URL,
 * production settings) and a bare Fastify hello route on PORT_HELLO. Prints READY when both listen.
 */
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { serveWithHello } from './bench-lib';

const database = await openDatabase({ url: process.env.BENCH_DB_URL!, poolSize: Number(process.env.BENCH_POOL ?? 5) });
const app = await buildApp({ db: database, logger: false, validateResponses: process.env.BENCH_VALIDATE === '1' });
// Reference: bare Fastify sending the same bytes get_all answers (a string made once), to tell
// the cost of the payload itself from the cost of the app.
await serveWithHello(app, database, async (hello) => {
  const listing = (await app.inject({ url: '/api/v1/eventos/get_all?tipoDispositivo=web', headers: { 'x-api-key': app.config.apiKey } })).body;
  hello.get('/listing', async (_request, reply) => reply.type('application/json; charset=utf-8').send(listing));
});
