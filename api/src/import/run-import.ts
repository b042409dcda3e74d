import type { Db } from '../db/client';
import { DomainError } from '../lib/errors';
import { eventoImportSchema, formatIssues } from './definition';
import { importEvento, type ImportResult } from './import-evento';

export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; errors: string[] };

/** Parses, validates and loads one import file's text. Nothing is written unless all of it is valid. */
export async function runImport(db: Db, text: string): Promise<ImportOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`(archivo): no es JSON válido — ${(err as Error).message}`] };
  }
  const parsed = eventoImportSchema.safeParse(json);
  if (!parsed.success) return { ok: false, errors: formatIssues(parsed.error) };
  try {
    return { ok: true, result: await importEvento(db, parsed.data) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, errors: [err.message, ...(err.details ?? [])] };
    throw err;
  }
}
