import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema/email';

/**
 * The outbox table's queries. Claiming uses FOR UPDATE SKIP LOCKED plus a lease (the row's
 * next_attempt_at pushed into the future), so every API process can run the worker: a row is
 * picked by one process, and if that process dies mid-send the lease runs out and another
 * retries it.
 */
/** A file sent with a message; with `cid` it is an inline image the HTML shows as `cid:<cid>`. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  cid?: string;
  base64: string;
}

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  attachments: MailAttachment[] | null;
}

export interface NewMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export async function insertMail(db: DbOrTx, mail: NewMail, status: 'pendiente' | 'local'): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...mail, status })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Claims up to `limit` due rows (or the one `onlyId`), leasing them for `leaseMs`. */
export async function claimDue(db: DbOrTx, opts: { limit: number; leaseMs: number; onlyId?: string }): Promise<OutboxRow[]> {
  const onlyId = opts.onlyId ? sql`AND id = ${opts.onlyId}` : sql``;
  const result = await db.execute(sql`
    UPDATE email_outbox
       SET attempts = attempts + 1,
           next_attempt_at = now() + (${opts.leaseMs}::double precision * interval '1 millisecond')
     WHERE id IN (
       SELECT id FROM email_outbox
        WHERE status = 'pendiente' AND next_attempt_at <= now() ${onlyId}
        ORDER BY next_attempt_at
        LIMIT ${opts.limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, html, text, attempts, attachments`);
  return rowsOf<OutboxRow>(result);
}

export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db.execute(sql`UPDATE email_outbox SET status = 'enviado', sent_at = now(), error = NULL WHERE id = ${id}`);
}

/** A failed attempt: retry after `retryInMs`, or give up ('fallido') when `final`. */
export async function markFailed(db: DbOrTx, id: string, error: string, retryInMs: number | null): Promise<void> {
  if (retryInMs === null) {
    await db.execute(sql`UPDATE email_outbox SET status = 'fallido', error = ${error} WHERE id = ${id}`);
  } else {
    await db.execute(sql`
      UPDATE email_outbox SET error = ${error}, next_attempt_at = now() + (${retryInMs}::double precision * interval '1 millisecond')
       WHERE id = ${id}`);
  }
}
