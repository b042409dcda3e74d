import type {
  CategoriasResponse,
  DetalleSeccionResponse,
  Evento,
  EventoDetalle,
  EventosGetAllResponse,
  EstadoAsiento,
  Fila,
  FilasPorSeccionResponse,
  PrecioCategoria,
} from '@taquilla/shared/schemas/catalogo';
import type { Db, DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { availabilityByEvento, type AvailabilityRow } from '../reservas/disponibilidad.repository';
import {
  findEvento,
  findEventoRates,
  findSeccionEvento,
  listAsientosSeccion,
  listCategorias,
  listCategoriasEvento,
  listEventosWeb,
  listFilasSeccion,
  listSeccionesEvento,
  type EventoRow,
} from './catalogo.repository';

/** Row → the spec's Event DTO (the one mapping of it); also used by the account's purchase list. */
export function toEvento(r: EventoRow): Evento {
  return {
    id: r.id,
    nombre: r.nombre,
    descripcion: r.descripcion,
    fecha: r.fecha.toISOString(),
    zonaHoraria: r.zonaHoraria,
    imagenBanner: r.imagenBanner,
    imagenPromocion: r.imagenPromocion,
    categoria: { id: r.categoriaId, nombre: r.categoriaNombre },
    artista: { nombre: r.artistaNombre },
    recinto: { id: r.recintoId, nombre: r.recintoNombre, direccion: r.recintoDireccion },
    ciudad: { nombre: r.ciudadNombre },
    mostrarWeb: r.mostrarWeb,
    limiteDeAsientos: r.limiteDeAsientos,
    usoDeTarjeta: r.usoDeTarjetaBps,
    usoDeServicio: r.usoDeServicioBps,
    ivaRate: r.ivaRateBps,
    isIvaApplied: r.isIvaApplied,
    udsPorCategoria: r.udsPorCategoria,
    precioDesde: r.precioDesde,
  };
}

/** Upcoming events shown on the web, soonest first (GET /eventos/get_all; the route serves it through a CatalogoCache). */
export async function getEventosWeb(db: Db): Promise<EventosGetAllResponse> {
  return { eventosFiltrados: (await listEventosWeb(db)).map(toEvento) };
}

/** When a listing stops being true by the clock alone: its soonest event starts and leaves it. */
export function listadoValidUntil(listado: EventosGetAllResponse): number {
  const first = listado.eventosFiltrados[0];
  return first ? Date.parse(first.fecha) : Number.POSITIVE_INFINITY;
}

export async function getCategorias(db: Db): Promise<CategoriasResponse> {
  return { categorias: await listCategorias(db) };
}

/** Hidden events (mostrarWeb false) still answer, so the UI can say they are not available. */
export async function getEventoDetalle(db: Db, id: number): Promise<EventoDetalle> {
  const row = await findEvento(db, id);
  if (!row) throw new DomainError('EVENTO_NO_ENCONTRADO');
  const evento = toEvento(row);
  return { ...evento, recinto: { ...evento.recinto, svg: row.svg } };
}

type Categoria = Awaited<ReturnType<typeof listCategoriasEvento>>[number];

/** Distinct prices > 0 per category, highest first; categories in their event order. */
function preciosCategorias(categorias: Categoria[], rows: Pick<AvailabilityRow, 'categoriaEventoId' | 'precio' | 'vendibles'>[]): PrecioCategoria[] {
  const prices = new Map<number, Set<number>>();
  for (const r of rows) {
    if (r.categoriaEventoId === null || r.precio <= 0 || r.vendibles === 0) continue;
    let set = prices.get(r.categoriaEventoId);
    if (!set) prices.set(r.categoriaEventoId, (set = new Set()));
    set.add(r.precio);
  }
  return categorias
    .filter((c) => prices.has(c.id))
    .map((c) => ({ categoria: c.nombre, color: c.color, precios: [...prices.get(c.id)!].sort((a, b) => b - a) }));
}

export async function getDetalleSeccion(db: Db, eventoId: number): Promise<DetalleSeccionResponse> {
  const rates = await findEventoRates(db, eventoId);
  if (!rates) throw new DomainError('EVENTO_NO_ENCONTRADO');
  const [secciones, categorias, availability] = await Promise.all([
    listSeccionesEvento(db, eventoId),
    listCategoriasEvento(db, eventoId),
    availabilityByEvento(db, eventoId),
  ]);
  const nombreCategoria = new Map(categorias.map((c) => [c.id, c.nombre]));
  const bySeccion = new Map<number, AvailabilityRow[]>();
  for (const a of availability) {
    const list = bySeccion.get(a.seccionId);
    if (list) list.push(a);
    else bySeccion.set(a.seccionId, [a]);
  }
  return {
    secciones: secciones.map((s) => {
      const rows = bySeccion.get(s.id) ?? [];
      const porCategoria = new Map<number, number>();
      for (const r of rows)
        if (r.categoriaEventoId !== null) porCategoria.set(r.categoriaEventoId, (porCategoria.get(r.categoriaEventoId) ?? 0) + r.disponibles);
      const onSale = rows.filter((r) => r.precio > 0 && r.vendibles > 0).map((r) => r.precio);
      return {
        id: s.id,
        nombre: s.nombre,
        bloque: { id: s.bloqueId, nombre: s.bloqueNombre },
        tipo_seccion: s.tipo,
        precioSeccion: s.tipo === 'general' ? s.precioEspecial : onSale.length ? Math.min(...onSale) : 0,
        nombreEspecial: s.nombreEspecial,
        seccionAdicional: s.seccionAdicional,
        asientosDisponibles: rows.reduce((n, r) => n + r.disponibles, 0),
        capacidad: rows.reduce((n, r) => n + r.total, 0),
        disponiblesPorCategoria: [...porCategoria].map(([id, disponibles]) => ({ categoria: nombreCategoria.get(id) ?? '', disponibles })),
        colores: s.colores,
        uds: s.udsBps,
      };
    }),
    preciosCategorias: preciosCategorias(categorias, availability),
    categoriasEvento: categoriasEvento(categorias),
  };
}

const categoriasEvento = (categorias: Categoria[]) => categorias.map((c) => ({ categoria: c.nombre, cargoPorCategoria: c.cargoPorCategoriaBps }));

function servedEstado(estado: string, held: boolean): EstadoAsiento {
  if (estado === 'disponible') return held ? 'reservado' : 'disponible';
  return estado as EstadoAsiento;
}

/**
 * Rows and seats of one section with each seat's state now (a seat with a live hold is
 * 'reservado'); rows without seats on this event are left out. The route serves it through
 * SeccionSnapshots (read once per change).
 */
export async function getFilasPorSeccion(db: DbOrTx, eventoId: number, seccionId: number): Promise<FilasPorSeccionResponse> {
  // One query after another: this runs inside the snapshot's transaction (one connection).
  const rates = await findEventoRates(db, eventoId);
  if (!rates) throw new DomainError('EVENTO_NO_ENCONTRADO');
  const seccion = await findSeccionEvento(db, eventoId, seccionId);
  if (!seccion) throw new DomainError('SECCION_NO_ENCONTRADA');
  const categorias = await listCategoriasEvento(db, eventoId);
  const filaRows = await listFilasSeccion(db, seccionId);
  const seats = await listAsientosSeccion(db, eventoId, seccionId);
  const cat = new Map(categorias.map((c) => [c.id, c]));
  const udt = rates.usoDeTarjetaBps;
  const uds = seccion.udsBps ?? rates.usoDeServicioBps;
  const iva = rates.isIvaApplied ? rates.ivaRateBps : 0;
  const orientacionFilas = seccion.orientacionFilas;

  const byId = new Map<number, Fila>();
  const filas: Fila[] = filaRows.map((f) => {
    const fila: Fila = { id: f.id, nombre: f.nombre, asientos: [], udt, uds, iva, orientacionFilas, esMesa: f.esMesa };
    byId.set(f.id, fila);
    return fila;
  });
  const prices = new Map<number, Set<number>>();
  for (const s of seats) {
    const fila = byId.get(s.filaId);
    if (!fila) continue;
    const c = cat.get(s.categoriaEventoId);
    fila.asientos.push({
      id: s.id,
      numero: s.numero,
      estado: servedEstado(s.estado, s.held),
      precio: s.precio,
      categoria: c?.nombre ?? '',
      color: c?.color ?? '#888888',
      fila: fila.nombre,
      // Only on the few places that have it, so the section's answer stays as small.
      ...(s.accesibilidad ? { accesibilidad: s.accesibilidad } : {}),
    });
    if (s.precio > 0 && (s.estado === 'disponible' || s.estado === 'vendido' || s.estado === 'ocupado')) {
      let set = prices.get(s.categoriaEventoId);
      if (!set) prices.set(s.categoriaEventoId, (set = new Set()));
      set.add(s.precio);
    }
  }
  const withSeats = filas.filter((f) => f.asientos.length > 0);
  return {
    seccion: { id: seccion.id, nombre: seccion.nombre, tipo_seccion: seccion.tipo, bloque: seccion.bloqueNombre },
    filas: withSeats,
    preciosCategorias: categorias
      .filter((c) => prices.has(c.id))
      .map((c) => ({ categoria: c.nombre, color: c.color, precios: [...prices.get(c.id)!].sort((a, b) => b - a) })),
    categoriasEvento: categoriasEvento(categorias),
    esMesa: seccion.tipo === 'mesa' || withSeats.some((f) => f.esMesa),
    orientacionFilas,
  };
}
