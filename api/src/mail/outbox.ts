import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
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

export type OutboxRow = Pick<typeof emailOutbox.$inferSelect, 'id' | 'to' | 'subject' | 'html' | 'text' | 'attempts'> & {
  attachments: MailAttachment[] | null;
};

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

/** `now()` plus `ms` milliseconds. */
const nowPlusMs = (ms: number) => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/** Claims up to `limit` due rows (or the one `onlyId`), leasing them for `leaseMs`. */
export async function claimDue(db: DbOrTx, opts: { limit: number; leaseMs: number; onlyId?: string }): Promise<OutboxRow[]> {
  const o = emailOutbox;
  const due = db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.status, 'pendiente'), lte(o.nextAttemptAt, sql`now()`), opts.onlyId ? eq(o.id, opts.onlyId) : undefined))
    .orderBy(asc(o.nextAttemptAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(o)
    .set({ attempts: sql`${o.attempts} + 1`, nextAttemptAt: nowPlusMs(opts.leaseMs) })
    .where(inArray(o.id, due))
    .returning({ id: o.id, to: o.to, subject: o.subject, html: o.html, text: o.text, attempts: o.attempts, attachments: o.attachments });
  return rows.map((r) => ({ ...r, attachments: r.attachments as MailAttachment[] | null }));
}

export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db.update(emailOutbox).set({ status: 'enviado', sentAt: sql`now()`, error: null }).where(eq(emailOutbox.id, id));
}

/** A failed attempt: retry after `retryInMs`, or give up ('fallido') when `final`. */
export async function markFailed(db: DbOrTx, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(emailOutbox)
    .set(retryInMs === null ? { status: 'fallido', error } : { error, nextAttemptAt: nowPlusMs(retryInMs) })
    .where(eq(emailOutbox.id, id));
}

/** Seconds the oldest due message has waited (0 when none): the metrics' outbox lag. */
export async function outboxLagSeconds(db: DbOrTx): Promise<number> {
  const o = emailOutbox;
  const [row] = await db
    .select({ lag: sql<number>`coalesce(extract(epoch from now() - min(${o.nextAttemptAt})), 0)::float8`.mapWith(Number) })
    .from(o)
    .where(and(eq(o.status, 'pendiente'), lte(o.nextAttemptAt, sql`now()`)));
  return row?.lag ?? 0;
}

/** E-mails with this subject sent to `to` in the last `minutes` (the outbox keeps every one). */
export async function countRecentEmails(db: DbOrTx, to: string, subject: string, minutes: number): Promise<number> {
  const o = emailOutbox;
  return db.$count(o, and(eq(o.to, to), eq(o.subject, subject), gt(o.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
}
