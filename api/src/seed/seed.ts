import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { eventoImportSchema, formatIssues } from '../import/definition';
import { importEvento } from '../import/import-evento';
import type { HoldConfig } from '../modules/reservas/reservas.config';
import type { PagosConfig } from '../modules/pagos/pagos.config';
import { seedDemoAccount } from './demo-account';
import { seedEventos } from './events';

/** Event types always present (chips), even before any event uses them. */
const CATEGORIAS = ['Conciertos', 'Deportes', 'Teatro', 'Arte', 'Conferencias'];

/**
 * First start: when there are no events, load the demo catalogue through the same import
 * path an organiser uses. Idempotent: a non-empty events table means nothing to do.
 * A lock keeps two processes starting at once from seeding twice. Then the demo account
 * (demo-account.ts) buys its tickets through the real sale.
 */
const SEED_PLANES_MSI = [
  { meses: 3, minimo: 50_000 },
  { meses: 6, minimo: 100_000 },
  { meses: 9, minimo: 200_000 },
  { meses: 12, minimo: 500_000 },
];

export async function seedIfEmpty(
  db: Db,
  log?: Pick<FastifyBaseLogger, 'info'>,
  now: Date = new Date(),
  opts: { production?: boolean; holds?: HoldConfig; pagos?: PagosConfig } = {},
): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(424242)`);
    const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from eventos`);
    if ((row?.n ?? 0) > 0) return false;
    const started = Date.now();
    for (const nombre of CATEGORIAS) await tx.execute(sql`insert into categorias (nombre) values (${nombre}) on conflict do nothing`);
    for (const input of seedEventos(now)) {
      const parsed = eventoImportSchema.safeParse(input);
      if (!parsed.success) throw new Error(`seed: '${input.evento.nombre}' no es válido:\n${formatIssues(parsed.error).join('\n')}`);
      await importEvento(tx as unknown as Db, parsed.data);
    }
    // Meses sin intereses of the demo (decision 0033): the folk dance gala offers 3 months from
    // $500, 6 from $1,000, 9 from $2,000 and 12 from $5,000 (the e2e payment-methods spec buys there).
    await tx.execute(sql`update eventos set planes_msi = ${JSON.stringify(SEED_PLANES_MSI)}::jsonb where nombre = 'Gala de Danza Folklórica'`);
    // Fresh tables have no planner statistics; without them the catalogue joins get poor plans.
    await tx.execute(sql`analyze`);
    log?.info({ ms: Date.now() - started }, 'seeded demo catalogue');
    return true;
  });
  // After the catalogue commits: the demo purchases go through the sale, which opens its own
  // transactions and charges test cards at the gateway. Never in production: a known password.
  if (seeded && !opts.production) await seedDemoAccount(db, log, opts.holds, opts.pagos);
  return seeded;
}
