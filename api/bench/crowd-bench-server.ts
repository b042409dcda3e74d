/**
 * Child process of crowd-bench.ts: the real app with the storefront (SHELL_DIR, ORIGIN_DIR) on
 * PORT_APP (PostgreSQL at BENCH_DB_URL, production settings) and a bare Fastify hello route on
 * PORT_HELLO. Prints READY when both listen.
 */
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { serveWithHello } from './bench-lib';

const database = await openDatabase({ url: process.env.BENCH_DB_URL!, poolSize: Number(process.env.BENCH_POOL ?? 5) });
const app = await buildApp({ db: database, logger: false, storefront: { shellDir: process.env.SHELL_DIR!, originDir: process.env.ORIGIN_DIR! } });
await serveWithHello(app, database);
