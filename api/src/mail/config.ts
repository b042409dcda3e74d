import { nonNegativeInt } from '../lib/env';

/** E-mail settings, read from the environment when the accounts module starts. */
export interface MailConfig {
  /** smtp(s)://user:pass@host:port — without it, mail goes to the outbox + local mailbox only. */
  smtpUrl: string | undefined;
  from: string;
  /** Storefront origin for links in e-mails; else the request's own origin. */
  publicUrl: string | undefined;
  /** How long a request waits for the SMTP server to accept a message before leaving it queued. */
  handoverMs: number;
  /** How often the outbox worker looks for due messages. */
  pollMs: number;
  /** Attempts before a message is marked 'fallido'. */
  maxAttempts: number;
  /** While one process is sending a message, others leave it alone this long. */
  leaseMs: number;
  /**
   * The local mailbox page (/dev/correos, loopback clients only) and links in the log: every
   * reset link is readable there, so only with DEV_MAILBOX=1, without SMTP, outside production.
   */
  devMailbox: boolean;
}

export function readMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    from: env.MAIL_FROM || '"Taquilla" <no-responder@taquilla.local>',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    handoverMs: nonNegativeInt(env.MAIL_HANDOVER_MS, 4000),
    pollMs: nonNegativeInt(env.MAIL_POLL_MS, 5000),
    maxAttempts: nonNegativeInt(env.MAIL_MAX_ATTEMPTS, 8),
    leaseMs: nonNegativeInt(env.MAIL_LEASE_MS, 120_000),
    devMailbox: env.DEV_MAILBOX === '1' && !env.SMTP_URL && env.NODE_ENV !== 'production',
  };
}
