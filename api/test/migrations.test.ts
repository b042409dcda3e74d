import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { adminQuery, databaseUrl } from './support/template';

/** An empty database of the mode under test (no template). */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject('dbMode') === 'pg') {
    const base = inject('pgBaseUrl');
    const name = `taquilla_m_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(base, `create database "${name}"`);
    const database = await openDatabase({ url: databaseUrl(base, name), poolSize: 2 });
    return { database, drop: () => adminQuery(base, `drop database if exists "${name}" with (force)`) };
  }
  return { database: await openDatabase({ pgliteDir: 'memory://' }), drop: async () => {} };
}

describe('migrations', () => {
  it('build the whole schema on an empty database, and re-running them is a no-op', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await database.migrate();
      await database.migrate();
      const tables = await queryRows<{ table_name: string }>(
        database.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      expect(tables.map((r) => r.table_name)).toEqual(
        expect.arrayContaining([
          'users',
          'email_outbox',
          'eventos',
          'evento_asientos',
          'evento_lugares_generales',
          'reservas',
          'boletos',
          'cargos',
          'promociones',
          'tarjetas',
          'perfiles_pago',
          'invitados',
        ]),
      );
      // The former built-in payment sandbox's tables are dropped (0025).
      expect(tables.map((r) => r.table_name).filter((t) => t.startsWith('sandbox_'))).toEqual([]);
      const cols = await queryRows<{ column_name: string }>(database.db, sql`select column_name from information_schema.columns where table_name = 'users'`);
      expect(cols.map((c) => c.column_name).sort()).toEqual(['created_at', 'email', 'full_name', 'id', 'is_verified', 'password_changed_at', 'password_hash']);
    } finally {
      await database.close();
      await drop();
    }
  });
});
