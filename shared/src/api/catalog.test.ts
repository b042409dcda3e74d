import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, setRuntimeConfig } from '@taquilla/shared';
import {
  DEFAULT_ZONA_HORARIA,
  getCategorias,
  getDetalleSeccion,
  getEventos,
  getFilasPorSeccion,
  getEventoDetalle,
  TIPO_DISPOSITIVO,
} from './catalog';

const evento = {
  id: 1,
  nombre: 'Concierto',
  descripcion: 'Texto',
  fecha: '2026-12-05T02:30:00.000Z',
  imagenBanner: null,
  imagenPromocion: null,
  categoria: { id: 2, nombre: 'Conciertos' },
  artista: { nombre: 'Artista' },
  recinto: { id: 3, nombre: 'Foro', direccion: 'Calle 1' },
  ciudad: { nombre: 'CDMX' },
  mostrarWeb: true,
  limiteDeAsientos: 6,
  usoDeTarjeta: 300,
  usoDeServicio: 1000,
  ivaRate: 1600,
  isIvaApplied: true,
  udsPorCategoria: false,
  precioDesde: 50000,
};

let calls: InternalAxiosRequestConfig[] = [];
let answer: (config: InternalAxiosRequestConfig) => unknown;
const original = apiClient.defaults.adapter;

beforeEach(() => {
  calls = [];
  setRuntimeConfig({ apiBaseUrl: '/api/v1', apiKey: 'k' });
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    return { data: answer(config), status: 200, statusText: 'OK', headers: {}, config };
  };
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = original;
});

describe('catalogue calls', () => {
  it('getEventos asks for web events through the shared client and fills the default zone', async () => {
    answer = () => ({ eventosFiltrados: [evento] });
    const eventos = await getEventos();
    expect(calls[0]?.url).toBe('/eventos/get_all');
    expect(calls[0]?.params).toEqual({ tipoDispositivo: 'web' });
    expect(calls[0]?.headers.get('x-api-key')).toBe('k');
    expect(eventos[0]?.zonaHoraria).toBe('America/Mexico_City');
  });

  it('keeps zod out of the browser: only types come from the schemas, constants match them', async () => {
    const fs = await import('node:fs');
    const source = fs.readFileSync(new URL('./catalog.ts', import.meta.url), 'utf8');
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
    expect(runtimeImports).toEqual(['@taquilla/shared']);
    const schemas = await import('../schemas/catalog');
    expect(TIPO_DISPOSITIVO).toBe(schemas.TIPO_DISPOSITIVO);
    expect(DEFAULT_ZONA_HORARIA).toBe(schemas.DEFAULT_ZONA_HORARIA);
  });

  it('builds the other paths', async () => {
    answer = () => ({ categorias: [{ id: 1, nombre: 'Teatro' }] });
    expect(await getCategorias()).toEqual([{ id: 1, nombre: 'Teatro' }]);
    answer = () => ({ ...evento, recinto: { ...evento.recinto, svg: '<svg/>' } });
    expect((await getEventoDetalle(1)).recinto.svg).toBe('<svg/>');
    answer = () => ({ secciones: [], preciosCategorias: [] });
    await getDetalleSeccion(7);
    answer = () => ({
      seccion: { id: 4, nombre: 'A', tipo_seccion: 'numerada', bloque: 'B' },
      filas: [],
      preciosCategorias: [],
      categoriasEvento: [],
      esMesa: false,
      orientacionFilas: 'centro',
    });
    await getFilasPorSeccion(7, 4);
    expect(calls.map((c) => c.url)).toEqual([
      '/categorias/get_all',
      '/eventos/1/detalle',
      '/eventos/7/detalle_seccion/false/web',
      '/eventos/7/4/filas_por_seccion',
    ]);
  });
});
