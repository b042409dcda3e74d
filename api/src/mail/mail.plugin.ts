import fp from 'fastify-plugin';
import { devMailboxPlugin } from './dev-mailbox';
import { Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's one outbox mailer (service 'correo'): modules queue e-mails with it. */
    mailer: Mailer;
  }
}

/**
 * Service 'correo': one Mailer for the app (`app.mailer`), its retry worker (every process,
 * unless MAIL_WORKER=0) and, when asked for (DEV_MAILBOX=1, no SMTP, not production), the local
 * mailbox page /dev/correos — outside /api/v1 so a browser opens it without the API key.
 */
export const mailPlugin = fp(
  async (app) => {
    const config = app.config.mail;
    if (app.config.production && !config.smtpUrl) {
      app.log.warn('SMTP_URL no está definido: los correos se quedan en el buzón de salida sin enviarse');
    }
    const mailer = new Mailer(app.db, config, app.log);
    app.decorate('mailer', mailer);
    if (config.worker) app.addHook('onReady', async () => mailer.startWorker());
    app.addHook('onClose', async () => mailer.close());
    if (config.devMailbox) await app.register(devMailboxPlugin);
  },
  { name: 'correo' },
);
