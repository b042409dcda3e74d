import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResponseSerializer } from '../src/lib/response-serializer';

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
});
