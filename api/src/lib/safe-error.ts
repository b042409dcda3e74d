export interface DatabaseFailure {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The SQL text with placeholders. */
  query: string;
}

/**
 * What is safe to log of a failed query. Drizzle's message lists the parameters (a password
 * hash, an address, a mailed link) and PostgreSQL's own message may quote a value
 * ('invalid input syntax …: "<value>"'), so neither is kept: the SQLSTATE, the names involved
 * and the SQL text with placeholders are enough to find the bug.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  const e = error as { query?: unknown; params?: unknown; cause?: Record<string, unknown> } | null;
  if (!e || typeof e.query !== 'string' || !('params' in e)) return null;
  const cause = e.cause ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { code: text(cause.code), constraint: text(cause.constraint), table: text(cause.table), column: text(cause.column), query: e.query.slice(0, 500) };
}

/** One line for a log: code, SMTP response code and message, never query parameters. */
export function safeErrorText(error: unknown): string {
  const db = databaseFailure(error);
  if (db) return ['consulta fallida', db.code, db.constraint, db.table].filter(Boolean).join(' ');
  const e = error as { code?: string; responseCode?: number; message?: string };
  return [e?.code, e?.responseCode, e?.message ?? String(error)].filter(Boolean).join(' ').slice(0, 500);
}
