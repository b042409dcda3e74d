import type { RouteModule } from '../types';
import { Mailer } from '../../mail/mailer';
import { AccountEmails } from '../correos/account-emails.service';
import { correosRoutes } from '../correos/correos.routes';
import { readAccountsConfig } from './accounts.config';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { registerAccountLimits } from './limits';
import { configureHashing } from './password';

/**
 * Accounts: /auth/* (login, register, check-status, verify-email, reset-password) and the
 * account e-mails under /correos/*. Owns the attempt limits (@fastify/rate-limit, Redis when
 * REDIS_URL is set) and one outbox mailer whose retry worker runs in every instance
 * (MAIL_WORKER=0 turns it off).
 */
export const accountsModule: RouteModule = {
  name: 'accounts',
  plugin: async (app) => {
    const config = readAccountsConfig();
    configureHashing(config.hashing);
    const limits = await registerAccountLimits(app, config);
    if (process.env.NODE_ENV === 'production' && !config.mail.smtpUrl) {
      app.log.warn('SMTP_URL no está definido: los correos se quedan en el buzón de salida sin enviarse');
    }
    const mailer = new Mailer(app.db, config.mail, app.log);
    const emails = new AccountEmails(app.db, mailer, app.log);

    // Answers carry session tokens and account state: never kept by a browser or proxy cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    if (process.env.MAIL_WORKER !== '0') app.addHook('onReady', async () => mailer.startWorker());
    app.addHook('onClose', async () => {
      await emails.idle();
      await mailer.close();
    });

    await app.register(authRoutes(new AuthService(app.db, config, app.config.jwtSecret), config, limits.login), { prefix: '/auth' });
    await app.register(correosRoutes(emails, config, limits.emails), { prefix: '/correos' });
  },
};
