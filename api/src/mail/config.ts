/** E-mail settings: the `mail` slice of the one configuration (src/config/). */
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
  /** MAIL_WORKER (on; 0 = off): this process retries the outbox's pending messages. */
  worker: boolean;
  /**
   * The local mailbox page (/dev/correos, loopback clients only) and links in the log: every
   * reset link is readable there, so only with DEV_MAILBOX=1, without SMTP, outside production.
   */
  devMailbox: boolean;
}
