/**
 * Child process of catalog-bench.ts: the real app on PORT_APP (PostgreSQL at BENCH_DB_URL,
 * production settings) and a bare Fastify hello route on PORT_HELLO. Prints READY when both listen.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';

const database = await openDatabase({ url: process.env.BENCH_DB_URL!, poolSize: Number(process.env.BENCH_POOL ?? 5) });
const app = await buildApp({ db: database, logger: false, validateResponses: process.env.BENCH_VALIDATE === '1' });
await app.listen({ port: Number(process.env.PORT_APP), host: '127.0.0.1' });

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
// Reference: bare Fastify sending the same bytes get_all answers (a string made once), to tell
// the cost of the payload itself from the cost of the app.
const listing = (await app.inject({ url: '/api/v1/eventos/get_all?tipoDispositivo=web', headers: { 'x-api-key': app.config.apiKey } })).body;
hello.get('/listing', async (_request, reply) => reply.type('application/json; charset=utf-8').send(listing));
await hello.listen({ port: Number(process.env.PORT_HELLO), host: '127.0.0.1' });

process.stdout.write('READY\n');
process.on('SIGTERM', () => {
  void Promise.all([app.close(), hello.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
