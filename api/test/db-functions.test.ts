import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { functionDrift, readFunctionSources } from '../src/db/functions';
import { queryRows } from '../src/db/rows';
import { openTestDatabase } from './support/app';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(async () => {
  await database.close();
  await drop();
});

const definition = async (name: string) => (await queryRows<{ def: string }>(database.db, sql`select pg_get_functiondef(${name}::regproc) as def`))[0]!.def;

describe('SQL functions: src/db/functions is their one source', () => {
  it('every function the migrations leave in a fresh database is its source file, and every source file is in the database', async () => {
    const drift = await functionDrift(database.db);
    expect(drift.changed.map((s) => s.name)).toEqual([]);
    expect(drift.unsourced).toEqual([]);
    expect(readFunctionSources().map((s) => s.name)).toEqual(
      expect.arrayContaining(['reservar_lugares_cliente', 'mejores_lugares_cliente', 'reservas_pago_pendiente_no_se_reemplaza', 'taquilla_catalogo_cambio']),
    );
  });

  it('a source edited without a migration is reported, one removed is reported as unsourced, and the check changes nothing', async () => {
    const sources = readFunctionSources();
    const before = await definition('taquilla_catalogo_cambio');
    const edited = sources.map((s) => (s.name === 'taquilla_catalogo_cambio' ? { ...s, text: s.text.replace("'catalogo'", "'catalogo_nuevo'") } : s));
    const drift = await functionDrift(
      database.db,
      edited.filter((s) => s.name !== 'reservas_pago_pendiente_no_se_reemplaza'),
    );
    expect(drift.changed.map((s) => s.name)).toEqual(['taquilla_catalogo_cambio']);
    expect(drift.unsourced).toEqual(['reservas_pago_pendiente_no_se_reemplaza()']);
    expect(await definition('taquilla_catalogo_cambio')).toBe(before);
  });
});
