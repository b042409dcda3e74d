import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail } from '@taquilla/shared/schemas/email';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { safeErrorText } from '../../lib/safe-error';
import type { Mailer } from '../../mail/mailer';
import { resetPasswordEmail, verificationEmail } from '../../mail/templates';
import * as repo from './auth.repository';
import { AUTH_TEXTS } from './auth.service';
import { hashLinkToken, newLinkToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './auth.tokens';

export interface MailRequest {
  address: string;
  publicUrl: string;
  /** False once the address had its share of e-mails in the window: answer, send nothing. */
  send: boolean;
}

/**
 * The verification and recovery e-mails. The token row and the outbox row are written in
 * one transaction: a link is never mailed without its token, nor a token kept without its mail.
 *
 * An outsider's request is answered before any work that depends on the address (`queue`):
 * the same answer in the same time whether or not an account exists, so neither the answer
 * nor its timing tells which addresses are registered.
 */
/** Every instance's queued jobs (one per app): tests wait for them after each call. */
const allJobs = new Set<Promise<void>>();

/** Resolves once every account e-mail queued in this process has been handled. */
export async function accountMailIdle(): Promise<void> {
  while (allJobs.size) await Promise.allSettled([...allJobs]);
}

export class AccountEmails {
  private readonly jobs = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Runs the work once `after` settles (the answer has gone out); failures are logged (the
   * outbox worker retries deliveries). Started any earlier, an embedded database's work would
   * run on the event loop before the answer is written, and show in its timing.
   */
  queue(after: Promise<unknown>, work: () => Promise<unknown>): void {
    const job = after
      .then(work)
      .then(() => undefined)
      .catch((err: unknown) => this.log.warn({ err: safeErrorText(err) }, 'correo de cuenta en segundo plano falló'))
      .finally(() => {
        this.jobs.delete(job);
        allJobs.delete(job);
      });
    this.jobs.add(job);
    allJobs.add(job);
  }

  /** Resolves once every queued job has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }

  /**
   * Mails a verification link to an unverified account. With `waitForServer` (the signed-in
   * owner asking, who already knows the account exists) it waits, bounded, for the mail
   * server: a definitive refusal fails with 'No se pudo enviar el correo de verificación.'.
   * Unknown or already verified addresses get no mail.
   */
  async sendVerification(req: MailRequest, waitForServer: boolean): Promise<{ message: string }> {
    const user = req.send ? await repo.findUserByEmail(this.db, normalizeEmail(req.address)) : undefined;
    if (!user || user.isVerified) return { message: AUTH_TEXTS.verificationSent };

    const token = newLinkToken();
    const link = `${req.publicUrl}/auth/verify/${token}`;
    const mailId = await this.db.transaction(async (tx) => {
      await repo.insertToken(tx, {
        userId: user.id,
        purpose: 'verify-email',
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL_MS),
      });
      return this.mailer.enqueue(tx, { to: user.email, ...verificationEmail({ fullName: user.fullName, link }), links: [link] });
    });
    if (!waitForServer) {
      this.mailer.deliverInBackground(mailId);
      return { message: AUTH_TEXTS.verificationSent };
    }
    const result = await this.mailer.deliver(mailId);
    if (result === 'rejected') throw new DomainError('CORREO_VERIFICACION_FALLIDO');
    return { message: AUTH_TEXTS.verificationSent };
  }

  /** A new reset link (older unused ones stop working) for a known address; nothing otherwise. */
  async sendPasswordReset(req: MailRequest): Promise<void> {
    const user = req.send ? await repo.findUserByEmail(this.db, normalizeEmail(req.address)) : undefined;
    if (!user) return;
    const token = newLinkToken();
    const link = `${req.publicUrl}/auth/reset/${token}`;
    const mailId = await this.db.transaction(async (tx) => {
      await repo.deleteUnusedTokens(tx, user.id, 'reset-password');
      await repo.insertToken(tx, {
        userId: user.id,
        purpose: 'reset-password',
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + RESET_PASSWORD_TTL_MS),
      });
      return this.mailer.enqueue(tx, { to: user.email, ...resetPasswordEmail({ fullName: user.fullName, link }), links: [link] });
    });
    this.mailer.deliverInBackground(mailId);
  }
}
