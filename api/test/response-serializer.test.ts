import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, zodResponseSerializer } from '../src/lib/response-serializer';

const schema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  zonaHoraria: z.string().default('America/Mexico_City'),
  imagen: z.string().nullable(),
  creado: z.date(),
  etiquetas: z.array(z.object({ nombre: z.string() })),
});
const route = { schema, method: 'GET', url: '/prueba', httpPart: 'response' } as never;
const data = {
  id: 7,
  nombre: 'Función "A"',
  zonaHoraria: 'America/Merida',
  imagen: null,
  creado: new Date('2027-01-02T03:04:05.678Z'),
  etiquetas: [{ nombre: 'VIP' }],
};

describe('zodResponseSerializer', () => {
  it('writes what JSON.stringify would for a value of the schema', () => {
    for (const validate of [true, false]) {
      expect(zodResponseSerializer({ validate })(route)(data)).toBe(JSON.stringify(data));
    }
  });

  it('sends only the fields the schema declares, at any depth', () => {
    const leaky = { ...data, passwordHash: 'x', etiquetas: [{ nombre: 'VIP', interno: true }] };
    const out = JSON.parse(zodResponseSerializer({ validate: false })(route)(leaky));
    expect(out).not.toHaveProperty('passwordHash');
    expect(out.etiquetas).toEqual([{ nombre: 'VIP' }]);
  });

  it('fills a default the value left out', () => {
    const { zonaHoraria: _, ...sinZona } = data;
    expect(JSON.parse(zodResponseSerializer({ validate: true })(route)(sinZona)).zonaHoraria).toBe('America/Mexico_City');
  });

  it('with validation, refuses a value that breaks the schema', () => {
    let error: unknown;
    try {
      zodResponseSerializer({ validate: true })(route)({ ...data, id: 'siete' });
    } catch (err) {
      error = err;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  describe('nullable fields', () => {
    const nullable = z.object({
      lugar: z.number().int().nullable(),
      estado: z.enum(['antes', 'esperando']).nullable(),
      expira: z.date().nullable(),
      nota: z.string().nullable(),
      precio: z.object({ centavos: z.number().int() }).nullable(),
    });
    const serialize = zodResponseSerializer({ validate: false })({ schema: nullable, method: 'GET', url: '/n', httpPart: 'response' } as never);

    it('writes each one null or with its value, as JSON.stringify would', () => {
      const full = { lugar: 12, estado: 'esperando', expira: new Date('2027-01-02T03:04:05.678Z'), nota: 'a "b"', precio: { centavos: 35000 } };
      const empty = { lugar: null, estado: null, expira: null, nota: null, precio: null };
      for (const value of [full, empty]) expect(serialize(value)).toBe(JSON.stringify(value));
    });

    it('gives a nullable scalar a list of types, not a branch for a validator to pick on every call', () => {
      const props = (responseJsonSchema(nullable) as { properties: Record<string, Record<string, unknown>> }).properties;
      expect(props.lugar).toMatchObject({ type: ['integer', 'null'] });
      expect(props.lugar).not.toHaveProperty('anyOf');
      expect(props.estado).toMatchObject({ type: ['string', 'null'], enum: ['antes', 'esperando', null] });
      expect(props.expira).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
      // An object that may be null keeps its two branches.
      expect(props.precio).toHaveProperty('anyOf');
    });
  });
});
