import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, messageResponseSchema } from '@taquilla/shared/schemas/auth';
import { publicUrlFor } from '../../mail/public-url';
import type { AccountEmails } from './account-emails.service';

const tags = ['correos'];

/** /correos/* account e-mails (ticket e-mails are the checkout module's). */
export function correosRoutes(emails: AccountEmails, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/send-verification-email/:address',
      {
        schema: {
          tags,
          summary: 'Envía (o reenvía) el correo de verificación a una cuenta sin verificar',
          params: z.object({ address: loginSchema.shape.email }),
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => emails.sendVerification(request.params.address, publicUrlFor(request, publicUrl), request.ip),
    );

    app.post(
      '/forgot-password/:address',
      {
        schema: {
          tags,
          summary: 'Envía el enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
          params: z.object({ address: forgotPasswordSchema.shape.email }),
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => emails.sendPasswordReset(request.params.address, publicUrlFor(request, publicUrl), request.ip),
    );
  };
}
