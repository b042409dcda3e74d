import type { RouteModule } from '../types';
import { Mailer } from '../../mail/mailer';
import { AccountEmails } from '../correos/account-emails.service';
import { correosRoutes } from '../correos/correos.routes';
import { readAccountsConfig } from './accounts.config';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './rate-limit';

/**
 * Accounts: /auth/* (login, register, check-status, verify-email, reset-password) and the
 * account e-mails under /correos/*. Owns one rate-limit store (Redis when REDIS_URL is set)
 * and one outbox mailer whose retry worker runs in every instance (MAIL_WORKER=0 turns it off).
 */
export const accountsModule: RouteModule = {
  name: 'accounts',
  plugin: async (app) => {
    const config = readAccountsConfig();
    let lastRedisWarning = 0;
    const store = config.redisUrl
      ? new RedisRateLimitStore(config.redisUrl, config.rateLimitPrefix, (err) => {
          // Redis retries every few hundred ms while down: one line a minute is enough.
          if (Date.now() - lastRedisWarning < 60_000) return;
          lastRedisWarning = Date.now();
          app.log.warn({ err: String(err) }, 'Redis no responde: límites de intentos en memoria de este proceso');
        })
      : new MemoryRateLimitStore();
    const limiter = new RateLimiter(store);
    if (process.env.NODE_ENV === 'production' && !config.mail.smtpUrl) {
      app.log.warn('SMTP_URL no está definido: los correos se quedan en el buzón de salida sin enviarse');
    }
    const mailer = new Mailer(app.db, config.mail, app.log);

    if (process.env.MAIL_WORKER !== '0') app.addHook('onReady', async () => mailer.startWorker());
    app.addHook('onClose', async () => {
      await mailer.close();
      await store.close();
    });

    await app.register(authRoutes(new AuthService(app.db, limiter, config, app.config.jwtSecret)), { prefix: '/auth' });
    await app.register(correosRoutes(new AccountEmails(app.db, mailer, limiter, config), config.mail.publicUrl), {
      prefix: '/correos',
    });
  },
};
