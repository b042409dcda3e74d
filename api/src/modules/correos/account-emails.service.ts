import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { resetPasswordEmail, verificationEmail } from '../../mail/templates';
import type { AccountsConfig } from '../auth/accounts.config';
import { AUTH_TEXTS } from '../auth/auth.errors';
import * as repo from '../auth/auth.repository';
import { normalizeEmail } from '../auth/auth.service';
import { emailKey, type RateLimiter } from '../auth/rate-limit';
import { hashLinkToken, newLinkToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from '../auth/tokens';

/**
 * The verification and recovery e-mails. The token row and the outbox row are written in
 * one transaction: a link is never mailed without its token, nor a token kept without its mail.
 */
export class AccountEmails {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly config: AccountsConfig,
  ) {}

  private async limit(kind: string, email: string, clientIp: string): Promise<void> {
    const { allowed } = await this.limiter.allow([
      { key: `mail:ip:${clientIp}`, rule: this.config.emails.perIp },
      { key: `mail:${kind}:${emailKey(email)}`, rule: this.config.emails.perAddress },
    ]);
    if (!allowed) throw new DomainError('DEMASIADOS_INTENTOS');
  }

  /**
   * Mails a verification link to an unverified account and waits (bounded) for the mail
   * server to take it: a definitive refusal fails the call with 'No se pudo enviar el correo
   * de verificación.'; a slow or temporarily failing server leaves it queued for retries.
   * Unknown or already verified addresses get the same answer and no mail.
   */
  async sendVerification(address: string, publicUrl: string, clientIp: string): Promise<{ message: string }> {
    const email = normalizeEmail(address);
    await this.limit('verify', email, clientIp);
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.isVerified) return { message: AUTH_TEXTS.verificationSent };

    const token = newLinkToken();
    const link = `${publicUrl}/auth/verify/${token}`;
    const mailId = await this.db.transaction(async (tx) => {
      await repo.insertToken(tx, {
        userId: user.id,
        purpose: 'verify-email',
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL_MS),
      });
      return this.mailer.enqueue(tx, { to: user.email, ...verificationEmail({ fullName: user.fullName, link }), links: [link] });
    });
    const result = await this.mailer.deliver(mailId);
    if (result === 'rejected') throw new DomainError('CORREO_VERIFICACION_FALLIDO');
    return { message: AUTH_TEXTS.verificationSent };
  }

  /**
   * Same answer, same work on our side and no waiting on SMTP whether or not the address has
   * an account: nothing here tells an outsider which addresses are registered.
   */
  async sendPasswordReset(address: string, publicUrl: string, clientIp: string): Promise<{ message: string }> {
    const email = normalizeEmail(address);
    await this.limit('reset', email, clientIp);
    const user = await repo.findUserByEmail(this.db, email);
    if (user) {
      const token = newLinkToken();
      const link = `${publicUrl}/auth/reset/${token}`;
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
    return { message: AUTH_TEXTS.recoverySent };
  }
}
