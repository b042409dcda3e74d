import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { safeErrorText } from '../lib/safe-error';
import type { MailConfig } from './config';
import { claimDue, insertMail, markFailed, markSent, type NewMail, type OutboxRow } from './outbox';

/**
 * - 'sent': the SMTP server accepted it.
 * - 'local': no SMTP configured; it sits in the outbox for the local mailbox page.
 * - 'queued': not handed over yet (slow or temporarily failing server); the worker retries.
 * - 'rejected': the server refused it for good (5xx, e.g. unknown recipient).
 */
export type DeliveryResult = 'sent' | 'local' | 'queued' | 'rejected';

export interface MailToSend extends NewMail {
  /** Links the message carries; printed in the log when there is no SMTP (dev mailbox). */
  links?: string[];
}

type Outcome = 'sent' | 'queued' | 'rejected';

/** 30 s, 1 min, 2 min … capped at 1 h, with ±20 % jitter so instances do not retry in lockstep. */
export function backoffMs(attempts: number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** A 5xx reply is final; timeouts, connection errors and 4xx are worth retrying. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = safeErrorText;

export class Mailer {
  readonly mode: 'smtp' | 'local';
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  private ticking = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly config: MailConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({
          url: config.smtpUrl,
          // Bounded at every step: a stuck server costs a lease, never a hung process.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : null;
    this.mode = this.transport ? 'smtp' : 'local';
  }

  /**
   * Writes the message to the outbox (inside the caller's transaction when given one).
   * Without SMTP it stays there as 'local' and its links go to the log for the developer.
   */
  async enqueue(tx: DbOrTx, mail: MailToSend): Promise<string> {
    const { links, ...content } = mail;
    const id = await insertMail(tx, content, this.transport ? 'pendiente' : 'local');
    if (!this.transport && this.config.devMailbox) {
      this.log.info(
        { correo: id, para: mail.to, asunto: mail.subject, enlaces: links },
        `Correo en el buzón local: ${mail.subject} → ${(links ?? []).join(' ')}`,
      );
    }
    return id;
  }

  /**
   * Tries to hand one queued message to SMTP now, waiting at most `waitMs`. A slower server
   * does not hold the request: the attempt continues in the background under its lease and
   * the worker takes over if it fails.
   */
  async deliver(id: string, waitMs = this.config.handoverMs): Promise<DeliveryResult> {
    if (!this.transport) return 'local';
    const [row] = await claimDue(this.db, { limit: 1, leaseMs: this.config.leaseMs, onlyId: id });
    if (!row) return 'queued';
    const attempt = this.track(this.send(row));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'queued'>((resolve) => {
      timer = setTimeout(() => resolve('queued'), waitMs);
    });
    try {
      return await Promise.race([attempt, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Starts handing over messages without waiting (forgot-password answers at once). */
  deliverInBackground(id: string): void {
    if (!this.transport) return;
    void this.track(this.deliver(id, this.config.leaseMs).catch((err) => this.log.warn({ err: describe(err) }, 'envío de correo en segundo plano falló')));
  }

  /** One worker pass: claims due messages and sends them. Returns how many it tried. */
  async runOnce(limit = 10): Promise<number> {
    if (!this.transport || this.closed) return 0;
    const rows = await claimDue(this.db, { limit, leaseMs: this.config.leaseMs });
    await Promise.all(rows.map((row) => this.track(this.send(row))));
    return rows.length;
  }

  /** The retry loop. Safe in every instance (rows are claimed with SKIP LOCKED + a lease). */
  startWorker(): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = true;
      this.runOnce()
        .catch((err) => this.log.warn({ err: describe(err) }, 'worker del buzón de salida falló'))
        .finally(() => {
          this.ticking = false;
        });
    }, this.config.pollMs);
    this.timer.unref();
  }

  /** Stops the worker and lets attempts in progress record their outcome (bounded). */
  async close(maxWaitMs = 5000): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.inFlight.size) {
      await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, maxWaitMs).unref())]);
    }
    this.transport?.close();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  private async send(row: OutboxRow): Promise<Outcome> {
    try {
      // An address object, never a string: nodemailer parses a string as a list with display
      // names, so `x<victim@example.com>` would go to victim@example.com.
      await this.transport!.sendMail({
        from: this.config.from,
        to: { name: '', address: row.to },
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: (row.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          cid: a.cid,
          content: Buffer.from(a.base64, 'base64'),
        })),
      });
      await markSent(this.db, row.id);
      return 'sent';
    } catch (err) {
      const permanent = isPermanent(err);
      const final = permanent || row.attempts >= this.config.maxAttempts;
      this.log.warn({ correo: row.id, intento: row.attempts, definitivo: final, err: describe(err) }, 'no se pudo entregar un correo');
      try {
        await markFailed(this.db, row.id, describe(err), final ? null : backoffMs(row.attempts));
      } catch (dbErr) {
        // The lease runs out and another pass retries; nothing else to do here.
        this.log.warn({ err: describe(dbErr) }, 'no se pudo registrar el fallo del correo');
      }
      return permanent ? 'rejected' : 'queued';
    }
  }
}
