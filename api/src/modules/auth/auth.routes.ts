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
import type { AuthService } from './auth.service';

const tags = ['autenticación'];

/** /auth/* — thin handlers: validate (shared schemas), call the service, return the DTO. */
export function authRoutes(service: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/login',
      {
        schema: {
          tags,
          summary: 'Inicia sesión (limitado por IP y por correo)',
          body: loginSchema,
          response: { 200: authResponseSchema },
        },
      },
      async (request) => service.login(request.body, request.ip),
    );

    app.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Crea una cuenta (sin verificar); después se llama a /correos/send-verification-email',
          body: registerSchema,
          response: { 201: authResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.register(request.body, request.ip)),
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
      '/verify-email',
      {
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
