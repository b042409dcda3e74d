import { jsonb, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Outgoing e-mail. Every message is written here first (in the transaction that caused it);
 * a sender delivers via SMTP when configured, else the local mailbox page reads it.
 * status: 'pendiente' | 'enviado' | 'fallido' | 'local' (kept for the local mailbox).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('pendiente'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /**
     * Files sent with the message: [{ filename, contentType, cid?, base64 }]. A `cid` makes it an
     * inline image the HTML shows as `cid:<cid>` (mail clients block data: URLs).
     */
    attachments: jsonb('attachments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt), index('email_outbox_to_idx').on(t.to)],
);
