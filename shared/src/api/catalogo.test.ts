import { describe, expect, it } from 'vitest';
import { getCategorias, getDetalleSeccion, getEventos, getFilasPorSeccion, getEventoDetalle } from './catalogo';
import { fakeApiServer } from './testing';
import { evento as eventoDto } from '../testing/evento';

// As the API sends it for an event in the default zone: without zonaHoraria, which the client fills.
const { zonaHoraria: _, ...evento } = eventoDto({ id: 1 });

const server = fakeApiServer();
const calls = server.calls;

describe('catalogue calls', () => {
  it('getEventos asks for web events through the shared client and fills the default zone', async () => {
    server.answer = () => ({ eventosFiltrados: [evento] });
    const eventos = await getEventos();
    expect(calls[0]?.url).toBe('/eventos/get_all');
    expect(calls[0]?.params).toEqual({ tipoDispositivo: 'web' });
    expect(calls[0]?.headers.get('x-api-key')).toBe('k');
    expect(eventos[0]?.zonaHoraria).toBe('America/Mexico_City');
  });

  it('builds the other paths', async () => {
    server.answer = () => ({ categorias: [{ id: 1, nombre: 'Teatro' }] });
    expect(await getCategorias()).toEqual([{ id: 1, nombre: 'Teatro' }]);
    server.answer = () => ({ ...evento, recinto: { ...evento.recinto, svg: '<svg/>' } });
    expect((await getEventoDetalle(1)).recinto.svg).toBe('<svg/>');
    server.answer = () => ({ secciones: [], preciosCategorias: [] });
    await getDetalleSeccion(7);
    server.answer = () => ({
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
