import { authMessages } from '@taquilla/shared/messages/auth';
import { reservaMessages } from '@taquilla/shared/messages/reservas';
import { apiErrorSchema } from '@taquilla/shared/schemas/common';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, ERRORS, isErrorCode, type ErrorCode } from '../src/lib/errors';
import type { RouteModule } from '../src/modules/types';
import { buildTestApp, type TestApp } from './support/app';

const CODES = Object.keys(ERRORS) as ErrorCode[];

/** Throws the domain error named in the path, as a service would (a cast lets an unknown one through). */
const probe: RouteModule = {
  name: 'probe',
  prefix: '/probe',
  plugin: async (app) => {
    app.get('/error/:code', { schema: { params: z.object({ code: z.string() }) } }, async (req) => {
      throw new DomainError(req.params.code as ErrorCode);
    });
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ extraModules: [probe] });
});
afterAll(async () => t?.close());

describe('the error catalogue', () => {
  it.each(CODES)('%s answers with its status, code and Spanish message', async (code) => {
    const res = await t.request(`/api/v1/probe/error/${code}`);
    const { status, message } = ERRORS[code];
    expect(res.statusCode).toBe(status);
    const body = apiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ statusCode: status, code, message });
    expect(message).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].*[a-záéíóúñ]/);
    if (status === 429 || status === 503) expect(res.headers['retry-after']).toBeDefined();
  });

  it('marks exactly the promotion refusals with isPromoError, so the checkout drops the discount', async () => {
    const flagged: string[] = [];
    for (const code of CODES) {
      const res = await t.request(`/api/v1/probe/error/${code}`);
      if (res.json().isPromoError === true) flagged.push(code);
    }
    expect(flagged.sort()).toEqual(['PROMOCION_AGOTADA', 'PROMOCION_INVALIDA', 'PROMOCION_NO_APLICA']);
  });

  it('says what the browser says where both show the same text', () => {
    expect(new DomainError('CREDENCIALES_INCORRECTAS').message).toBe(authMessages.LOGIN_FAILED);
    expect(new DomainError('ASIENTOS_NO_DISPONIBLES').message).toBe(reservaMessages.SEATS_GONE);
    expect(new DomainError('PROMOCION_INVALIDA').message).toBe('Código de descuento inválido.');
    expect(new DomainError('EVENTO_NO_ENCONTRADO').message).toBe('El evento no existe.');
  });

  it('a message written for the case replaces the catalogue text, the status stays', () => {
    const err = new DomainError('LIMITE_DE_ASIENTOS', 'Solo puedes reservar hasta 6 boletos para este evento.');
    expect({ status: err.status, code: err.code, message: err.message }).toEqual({
      status: 400,
      code: 'LIMITE_DE_ASIENTOS',
      message: 'Solo puedes reservar hasta 6 boletos para este evento.',
    });
  });

  it('a code outside the catalogue (forced past the type) is an internal error, never its own text', async () => {
    expect(isErrorCode('NO_EXISTE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    const res = await t.request('/api/v1/probe/error/NO_EXISTE');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ statusCode: 500, message: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.' });
  });
});
