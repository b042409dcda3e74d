import type { Evento, EventoDetalle } from '../schemas/catalogo';

let next = 100;
/** A valid Evento DTO (an id of its own unless given: 100, 101, …); override what the test is about. */
export function evento(overrides: Partial<Evento> = {}): Evento {
  const id = overrides.id ?? next++;
  return {
    id,
    nombre: `Evento ${id}`,
    descripcion: 'Una noche inolvidable.',
    fecha: '2026-12-05T02:30:00.000Z',
    zonaHoraria: 'America/Mexico_City',
    imagenBanner: `/img/banner-${id}.jpg`,
    imagenPromocion: `/img/promo-${id}.jpg`,
    categoria: { id: 1, nombre: 'Conciertos' },
    artista: { nombre: `Artista ${id}` },
    recinto: { id: 9, nombre: 'Foro Sol', direccion: 'Viaducto Río de la Piedad s/n' },
    ciudad: { nombre: 'Ciudad de México' },
    mostrarWeb: true,
    limiteDeAsientos: 6,
    usoDeTarjeta: 300,
    usoDeServicio: 1000,
    ivaRate: 1600,
    isIvaApplied: true,
    udsPorCategoria: false,
    precioDesde: 50000,
    ...overrides,
  };
}

/** A valid EventoDetalle (the event with its venue's SVG map, as `GET /eventos/{id}/detalle` answers). */
export function eventoDetalle(overrides: Partial<Evento> = {}): EventoDetalle {
  const base = evento(overrides);
  return { ...base, recinto: { ...base.recinto, svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } };
}
