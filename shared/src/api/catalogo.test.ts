import { describe, expect, it } from 'vitest';
import { getCategorias, getDetalleSeccion, getEventos, getFilasPorSeccion, getEventoDetalle } from './catalogo';
import { fakeApiServer } from './testing';

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
