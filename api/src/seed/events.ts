import type { z } from 'zod';
import type { eventoImportSchema } from '../import/definition';
import { futureOr, seedCalendar } from './dates';
import { POSTER_URL_TEMPLATE } from '../plugins/media';
import { arenaCdmx, estadioMerida, parqueFundidora, salonPuebla, teatroDegollado, type RecintoInput } from './venues';

export type EventoInput = z.input<typeof eventoImportSchema>;

const FEES = { usoDeTarjeta: 350, usoDeServicio: 1000, ivaRate: 1600, isIvaApplied: true } as const;

/** Generated artwork served by /media/eventos/:id/poster.svg ('{id}' is filled in by the import). */
const POSTER = { imagenBanner: POSTER_URL_TEMPLATE, imagenPromocion: POSTER_URL_TEMPLATE };

/** The demo catalogue: 13 events in 5 venues and 5 cities, dated relative to `now`. */
export function seedEventos(now: Date = new Date()): EventoInput[] {
  const cal = seedCalendar(now);
  const w = cal.weekday;
  const weekend = futureOr(cal.at(w <= 6 ? cal.toWeekday(6) : 0, 21, 0), now);
  const weekendSunday = futureOr(cal.at(w <= 6 ? cal.toWeekday(7) : 0, 18, 0), now);
  const thisWeek = futureOr(cal.at(w <= 3 ? cal.toWeekday(4) : w <= 6 ? cal.toWeekday(7) : 0, 20, 30), now);
  const nextWed = cal.at(7 - w + 3, 20, 0);
  const nextFri = cal.at(7 - w + 5, 16, 0);

  const arena = arenaCdmx();
  const teatro = teatroDegollado();
  const parque = parqueFundidora();
  const salon = salonPuebla();
  const estadio = estadioMerida();

  const arenaCategorias = [
    { nombre: 'VIP', color: '#ec4899', precio: 250000, cargoPorCategoria: 1200 },
    { nombre: 'Platea', color: '#a855f7', precio: 180000, cargoPorCategoria: null },
    { nombre: 'Lateral', color: '#8b5cf6', precio: 120000, cargoPorCategoria: null },
    { nombre: 'Palco', color: '#f59e0b', precio: 320000, cargoPorCategoria: 1500 },
    { nombre: 'General Pista', color: '#06b6d4', precio: 95000, cargoPorCategoria: null },
    { nombre: 'Fan Zone', color: '#10b981', precio: 45000, cargoPorCategoria: null },
  ];
  const teatroCategorias = (base: number) => [
    { nombre: 'Luneta centro', color: '#ec4899', precio: base + 30000, cargoPorCategoria: null },
    { nombre: 'Luneta izquierda', color: '#3b82f6', precio: base, cargoPorCategoria: null },
    { nombre: 'Luneta derecha', color: '#3b82f6', precio: base, cargoPorCategoria: null },
    { nombre: 'Balcón izquierda', color: '#f59e0b', precio: base - 25000, cargoPorCategoria: null },
    { nombre: 'Balcón derecha', color: '#f59e0b', precio: base - 25000, cargoPorCategoria: null },
  ];
  const parqueCategorias = [
    { nombre: 'VIP', color: '#ec4899', precio: 220000, cargoPorCategoria: null },
    { nombre: 'Preferente', color: '#8b5cf6', precio: 140000, cargoPorCategoria: null },
    { nombre: 'General', color: '#06b6d4', precio: 89000, cargoPorCategoria: null },
    { nombre: 'Estacionamiento', color: '#94a3b8', precio: 25000, cargoPorCategoria: null },
  ];
  const salonCategorias = [
    { nombre: 'Diamante', color: '#6366f1', precio: 350000, cargoPorCategoria: null },
    { nombre: 'Oro', color: '#d97706', precio: 220000, cargoPorCategoria: null },
    { nombre: 'Plata', color: '#64748b', precio: 150000, cargoPorCategoria: null },
  ];
  const estadioCategorias = [
    { nombre: 'Palco', color: '#f59e0b', precio: 180000, cargoPorCategoria: null },
    { nombre: 'Lateral Baja', color: '#ec4899', precio: 65000, cargoPorCategoria: null },
    { nombre: 'Lateral Alta', color: '#db2777', precio: 45000, cargoPorCategoria: null },
    { nombre: 'Cabecera', color: '#3b82f6', precio: 30000, cargoPorCategoria: null },
    { nombre: 'Porra', color: '#10b981', precio: 18000, cargoPorCategoria: null },
  ];
  const arenaEspeciales = [
    { seccion: 's105', fila: 'A', numeros: [1, 2, 3, 4], estado: 'bloqueado' as const },
    { seccion: 's105', fila: 'H', numeros: [15, 16], estado: 'inaccesible' as const },
    { seccion: 's106', fila: 'A', numeros: [7, 8], estado: 'cortesia' as const },
    { seccion: 's104', fila: 'B', numeros: [5, 6, 7, 8, 9, 10], estado: 'vendido' as const },
    { seccion: 's101', fila: 'C', numeros: [1, 2], estado: 'ocupado' as const },
  ];
  // The demo events let a hold leave a seat alone (the suites written before that rule pick
  // seats in any pattern on them), except 'Gala de Danza Folklórica', which shows the rule and
  // best available (e2e/tests/best-available.spec.ts; decision 0032).
  const ev = (recinto: RecintoInput, e: EventoInput['evento'], categorias: EventoInput['categorias'], extra: Partial<EventoInput> = {}): EventoInput => ({
    evento: { permitirAsientoSolo: true, ...e },
    recinto,
    categorias,
    ...extra,
  });

  return [
    ev(
      arena,
      {
        nombre: 'Luna Roja — Gira Eclipse',
        descripcion: 'La banda de rock alternativo presenta su nuevo disco en una noche con producción completa de luces y pantallas.',
        fecha: weekend,
        categoria: 'Conciertos',
        artista: 'Luna Roja',
        limiteDeAsientos: 8,
        ...FEES,
        udsPorCategoria: true,
        ...POSTER,
      },
      arenaCategorias,
      {
        asientosEspeciales: arenaEspeciales,
        precios: [{ seccion: 's101', categoria: 'Lateral', precio: 110000 }],
        promociones: [
          { nombre: '20 % de descuento fans', tipo: 'PORCENTAJE', porcentaje: 2000, clave: 'LUNA20', limiteUsos: 500 },
          { nombre: 'Compra 3 paga 2', tipo: 'CANTIDAD', cantidadCompra: 3, cantidadPaga: 2, clave: '3X2LUNA' },
          { nombre: 'Preventa: 10 % automático', tipo: 'PORCENTAJE', porcentaje: 1000, automatica: true },
          { nombre: '15 % en VIP y Pista', tipo: 'PORCENTAJE', porcentaje: 1500, clave: 'VIPLUNA', categorias: ['VIP', 'seccion:pista'] },
        ],
      },
    ),
    ev(
      arena,
      {
        nombre: 'Noche de Lucha Libre Estelar',
        descripcion: 'Las máscaras más famosas del pancracio mexicano en una función estelar de tres caídas.',
        fecha: thisWeek,
        categoria: 'Deportes',
        artista: 'Lucha Libre Estelar',
        limiteDeAsientos: 10,
        ...FEES,
        ...POSTER,
      },
      arenaCategorias,
      { promociones: [{ nombre: '2×1 en Lateral', tipo: 'CANTIDAD', cantidadCompra: 2, cantidadPaga: 1, clave: 'LUCHA2X1', categorias: ['Lateral'] }] },
    ),
    ev(
      arena,
      {
        nombre: 'Luna Roja — Gira Eclipse (fecha extra)',
        descripcion: 'Fecha adicional por demanda.',
        fecha: cal.at(40, 21, 0),
        categoria: 'Conciertos',
        artista: 'Luna Roja',
        ...FEES,
        ...POSTER,
      },
      arenaCategorias,
    ),
    ev(
      arena,
      {
        nombre: 'Sinfonía de Videojuegos',
        descripcion: 'Orquesta en vivo con las bandas sonoras más queridas de los videojuegos.',
        fecha: cal.at(-20, 20, 0),
        categoria: 'Conciertos',
        artista: 'Orquesta Filarmónica Pixel',
        ...FEES,
        ...POSTER,
      },
      arenaCategorias,
    ),
    ev(
      teatro,
      {
        nombre: 'La Casa de Bernarda Alba',
        descripcion: 'El clásico de Federico García Lorca en una nueva puesta en escena.',
        fecha: nextWed,
        categoria: 'Teatro',
        artista: 'Compañía Nacional de Teatro',
        limiteDeAsientos: 6,
        ...FEES,
        isIvaApplied: false,
        ...POSTER,
      },
      teatroCategorias(85000),
      {
        asientosEspeciales: [
          { seccion: 'luneta-centro', fila: 'A', numeros: [9, 10], estado: 'cortesia' },
          { seccion: 'luneta-izq', fila: 'L', numeros: [1], estado: 'inaccesible' },
        ],
      },
    ),
    ev(
      teatro,
      {
        nombre: 'Gala de Danza Folklórica',
        descripcion: 'El Ballet Folklórico de Jalisco presenta un recorrido por las danzas de México.',
        fecha: cal.at(21, 19, 0),
        categoria: 'Arte',
        artista: 'Ballet Folklórico de Jalisco',
        permitirAsientoSolo: false,
        ...FEES,
        ...POSTER,
      },
      teatroCategorias(70000),
    ),
    ev(
      teatro,
      {
        nombre: 'Conferencia: IA para Todos',
        descripcion: 'Charla magistral sobre inteligencia artificial aplicada, con sesión de preguntas.',
        fecha: weekendSunday,
        categoria: 'Conferencias',
        artista: 'Dra. Elena Ruiz',
        ...FEES,
        ...POSTER,
      },
      teatroCategorias(45000),
    ),
    ev(
      parque,
      {
        nombre: 'Festival Norte Sonoro',
        descripcion: 'Dos escenarios, veinte bandas y lo mejor de la comida regia.',
        fecha: nextFri,
        zonaHoraria: 'America/Monterrey',
        categoria: 'Conciertos',
        artista: 'Varios artistas',
        limiteDeAsientos: 10,
        ...FEES,
        ...POSTER,
      },
      parqueCategorias,
      {
        promociones: [
          { nombre: '2×1 en General', tipo: 'CANTIDAD', cantidadCompra: 2, cantidadPaga: 1, clave: 'NORTE2X1', categorias: ['seccion:general'] },
          { nombre: 'Grupo: compra 4 paga 3', tipo: 'CANTIDAD', cantidadCompra: 4, cantidadPaga: 3, automatica: true },
        ],
      },
    ),
    ev(
      parque,
      {
        nombre: 'Norte Sonoro — Ensayo privado',
        descripcion: 'Evento privado para patrocinadores.',
        fecha: cal.at(25, 18, 0),
        zonaHoraria: 'America/Monterrey',
        categoria: 'Conciertos',
        artista: 'Varios artistas',
        mostrarWeb: false,
        ...FEES,
      },
      parqueCategorias,
    ),
    ev(
      parque,
      {
        nombre: 'Muestra de Arte Urbano en Vivo',
        descripcion: 'Muralistas pintan en vivo mientras suenan DJs locales.',
        fecha: cal.at(35, 12, 0),
        zonaHoraria: 'America/Monterrey',
        categoria: 'Arte',
        artista: 'Colectivo Muros Vivos',
        ...FEES,
        ...POSTER,
      },
      parqueCategorias,
    ),
    ev(
      salon,
      {
        nombre: 'Cumbre Digital Puebla',
        descripcion: 'Conferencias de tecnología y negocios con cena de gala.',
        fecha: cal.at(18, 18, 30),
        categoria: 'Conferencias',
        artista: 'Cumbre Digital',
        limiteDeAsientos: 10,
        ...FEES,
        ...POSTER,
      },
      salonCategorias,
      { asientosEspeciales: [{ seccion: 'mesas-diamante', fila: 'Mesa 1', numeros: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], estado: 'vendido' }] },
    ),
    ev(
      estadio,
      {
        nombre: 'Clásico del Sureste: Venados vs. Leones',
        descripcion: 'El partido más esperado de la temporada en el Estadio Carlos Iturralde.',
        fecha: cal.at(20, 19, 0),
        zonaHoraria: 'America/Merida',
        categoria: 'Deportes',
        artista: 'Venados FC',
        limiteDeAsientos: 10,
        ...FEES,
        ...POSTER,
      },
      estadioCategorias,
      {
        asientosEspeciales: [
          { seccion: 'norte', fila: 'A', numeros: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], estado: 'bloqueado' },
          { seccion: 'norte', fila: 'AX', numeros: [50, 51], estado: 'inaccesible' },
          { seccion: 'oriente', fila: 'A', numeros: [60, 61, 62], estado: 'cortesia' },
        ],
      },
    ),
    ev(
      arena,
      {
        nombre: 'Final de Básquetbol: Capitanes vs. Fuerza Regia',
        descripcion: 'La gran final de la temporada pasada.',
        fecha: cal.at(-45, 19, 0),
        categoria: 'Deportes',
        artista: 'Capitanes de la Ciudad de México',
        ...FEES,
        ...POSTER,
      },
      arenaCategorias,
    ),
  ];
}
