import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, messageResponseSchema } from '@taquilla/shared/schemas/auth';
import { normalizeEmail } from '@taquilla/shared/schemas/email';
import { publicUrlFor } from '../../mail/public-url';
import type { AuthConfig } from './auth.config';
import { AUTH_TEXTS } from './auth.service';
import { emailKey, ipLimit, type AccountAttempts } from './auth.limits';
import type { AccountEmails } from './correos.service';

const tags = ['correos'];

/** Settles once the answer has been written (or the client went away), on a later turn of the loop. */
function answered(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    const done = () => setImmediate(resolve);
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
  });
}

/**
 * /correos/* account e-mails (ticket e-mails are the checkout module's). Per client IP a hard
 * limit; per address a quiet one — beyond it the call answers the same and sends nothing new
 * (the last link sent keeps working), so nobody can block an owner's recovery.
 */
export function correosRoutes(emails: AccountEmails, config: AuthConfig, attempts: AccountAttempts, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/send-verification-email/:address',
      {
        config: ipLimit(config.emails.perIp),
        schema: {
          tags,
          summary: 'Envía (o reenvía) el correo de verificación a una cuenta sin verificar',
          params: z.object({ address: loginSchema.shape.email }),
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const { address } = request.params;
        const count = await attempts.hit(request, `mail:verify:${emailKey(address)}`);
        const mail = { address, publicUrl: publicUrlFor(request, publicUrl), send: count <= config.emails.perAddress.max };
        // The signed-in owner learns nothing new from waiting; anyone else is answered at once.
        const owner = request.user !== null && normalizeEmail(request.user.email) === normalizeEmail(address);
        if (owner) return emails.sendVerification(mail, true);
        emails.queue(answered(reply), () => emails.sendVerification(mail, false));
        return { message: AUTH_TEXTS.verificationSent };
      },
    );

    app.post(
      '/forgot-password/:address',
      {
        config: ipLimit(config.emails.perIp),
        schema: {
          tags,
          summary: 'Envía el enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
          params: z.object({ address: forgotPasswordSchema.shape.email }),
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const { address } = request.params;
        const count = await attempts.hit(request, `mail:reset:${emailKey(address)}`);
        const mail = { address, publicUrl: publicUrlFor(request, publicUrl), send: count <= config.emails.perAddress.max };
        emails.queue(answered(reply), () => emails.sendPasswordReset(mail));
        return { message: AUTH_TEXTS.recoverySent };
      },
    );
  };
}
