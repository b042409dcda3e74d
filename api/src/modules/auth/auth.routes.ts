import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  checkStatusResponseSchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@taquilla/shared/schemas/auth';
import { requireUser } from '../../plugins/auth';
import type { AccountsConfig } from './accounts.config';
import type { AuthService } from './auth.service';
import { emailKey, ipLimit, type AccountAttempts } from './limits';

const tags = ['autenticación'];

/** /auth/* — thin handlers: validate (shared schemas), call the service, return the DTO. */
export function authRoutes(service: AuthService, config: AccountsConfig, loginAttempts: AccountAttempts): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        config: ipLimit(config.login.perIp),
        schema: {
          tags,
          summary: 'Inicia sesión (limitado por IP; más lento tras varios intentos con el mismo correo)',
          body: loginSchema,
          response: { 200: authResponseSchema },
        },
      },
      async (request) => service.login(request.body, await loginAttempts.hit(request, `login:${emailKey(request.body.email)}`)),
    );

    app.post(
      '/register',
      {
        config: ipLimit(config.register.perIp),
        schema: {
          tags,
          summary: 'Crea una cuenta (sin verificar); después se llama a /correos/send-verification-email',
          body: registerSchema,
          response: { 201: authResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.register(request.body)),
    );

    app.get(
      '/check-status',
      {
        schema: {
          tags,
          summary: 'Estado de la sesión: usuario, isVerified y un token nuevo (también para cuentas sin verificar)',
          security: [{ apiKey: [], bearer: [] }],
          response: { 200: checkStatusResponseSchema },
        },
      },
      async (request) => service.checkStatus(requireUser(request)),
    );

    app.post(
      '/logout',
      {
        schema: {
          tags,
          summary: 'Cierra la sesión en el servidor: sus tokens dejan de valer',
          security: [{ apiKey: [], bearer: [] }],
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => service.logout(requireUser(request)),
    );

    app.post(
      '/verify-email',
      {
        config: ipLimit(config.linkTokens.perIp),
        schema: {
          tags,
          summary: 'Verifica el correo con el token del enlace (un solo uso, 24 h)',
          body: verifyEmailSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => service.verifyEmail(request.body.token),
    );

    app.post(
      '/reset-password',
      {
        config: ipLimit(config.linkTokens.perIp),
        schema: {
          tags,
          summary: 'Nueva contraseña con el token del enlace (un solo uso, 1 h)',
          body: resetPasswordSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => service.resetPassword(request.body.token, request.body.password),
    );
  };
}
