import type { Boleto, LineaResumen, MiEvento, MiEventoDetalle, MisEventos, PaseGeneral, ResumenCompra } from '@taquilla/shared/schemas/cuenta';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { listEventosById } from '../catalogo/catalogo.repository';
import { toEvento } from '../catalogo/catalogo.service';
import * as repo from './compras.repository';

export type { Dueno } from './compras.repository';

/** The calendar day of an instant in a time zone, 'YYYY-MM-DD' (sortable). */
function diaLocal(at: Date, zona: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * Past once the event's calendar day has ended in its own zone: on the day itself it is still
 * upcoming ('¡Hoy es el evento!'), so the tickets stay at hand at the gate after the start time.
 */
export function yaPaso(fecha: Date, zona: string, ahora: Date): boolean {
  return diaLocal(fecha, zona) < diaLocal(ahora, zona);
}

async function misEventosDto(db: Db, cantidades: Map<number, number>): Promise<Array<{ evento: MiEvento; fecha: Date }>> {
  const rows = await listEventosById(db, [...cantidades.keys()]);
  return rows.map((r) => {
    const e = toEvento(r);
    const evento: MiEvento = {
      id: e.id,
      nombre: e.nombre,
      fecha: e.fecha,
      zonaHoraria: e.zonaHoraria,
      imagenBanner: e.imagenBanner,
      imagenPromocion: e.imagenPromocion,
      categoria: e.categoria,
      artista: e.artista,
      recinto: e.recinto,
      ciudad: e.ciudad,
      cantidadBoletos: cantidades.get(e.id) ?? 0,
    };
    return { evento, fecha: r.fecha };
  });
}

/** GET /eventos/mis_eventos — upcoming soonest first, past latest first. */
export async function misEventos(db: Db, dueno: repo.Dueno, ahora: Date = new Date()): Promise<MisEventos> {
  const eventos = await misEventosDto(db, await repo.contarBoletosPorEvento(db, dueno));
  const byDate = (a: { fecha: Date; evento: MiEvento }, b: { fecha: Date; evento: MiEvento }) =>
    a.fecha.getTime() - b.fecha.getTime() || a.evento.id - b.evento.id;
  const pasados = eventos
    .filter((e) => yaPaso(e.fecha, e.evento.zonaHoraria, ahora))
    .sort(byDate)
    .reverse();
  const proximos = eventos.filter((e) => !yaPaso(e.fecha, e.evento.zonaHoraria, ahora)).sort(byDate);
  return { proximos: proximos.map((e) => e.evento), pasados: pasados.map((e) => e.evento), ahora: ahora.toISOString() };
}

/** What every ticket shows; `categoria` null is general admission without a category ('General'). */
function base(b: repo.BoletoRow) {
  return { id: b.id, quemadoUUID: b.quemadoUuid, precio: b.precio, categoria: b.categoria === null ? null : { nombre: b.categoria } };
}

function toBoleto(b: repo.BoletoRow): Boleto {
  return { ...base(b), asiento: { numero: b.numero ?? 0, fila: { nombre: b.fila ?? '', seccion: { nombre: b.seccion, bloque: { nombre: b.bloque } } } } };
}

/** The price paid (stored at the sale) as precioEspecial, not today's price of the section. */
function toPase(b: repo.BoletoRow): PaseGeneral {
  return { ...base(b), eventoSeccion: { precioEspecial: b.precio, seccion: { nombre: b.seccion, bloque: { nombre: b.bloque } } } };
}

/** Tickets of one category and section at one price make one line. */
function lineas(boletos: repo.BoletoRow[]): LineaResumen[] {
  const byKey = new Map<string, LineaResumen>();
  for (const b of boletos) {
    const key = JSON.stringify([b.categoria, b.seccion, b.precio]);
    const line = byKey.get(key) ?? { categoria: b.categoria, seccion: b.seccion, cantidad: 0, precioUnitario: b.precio, importe: 0 };
    line.cantidad += 1;
    line.importe += b.precio;
    byKey.set(key, line);
  }
  return [...byKey.values()];
}

function resumen(evento: MiEvento, boletos: repo.BoletoRow[], compras: repo.CompraRow[]): ResumenCompra {
  const sum = (k: 'subtotal' | 'descuento' | 'cargoServicio' | 'cargoTarjeta' | 'iva' | 'total') => compras.reduce((acc, c) => acc + c[k], 0);
  return {
    correo: compras[0]?.correo ?? '',
    recinto: evento.recinto.nombre,
    ciudad: evento.ciudad.nombre,
    lineas: lineas(boletos),
    subtotal: sum('subtotal'),
    descuento: sum('descuento'),
    cargoServicio: sum('cargoServicio'),
    cargoTarjeta: sum('cargoTarjeta'),
    iva: sum('iva'),
    total: sum('total'),
    compras: Math.max(1, compras.length),
    pagos: compras.map((c) => ({ metodo: c.metodoPago, meses: c.meses, total: c.total, ...(c.meses ? { mensualidad: Math.ceil(c.total / c.meses) } : {}) })),
  };
}

/** GET /eventos/mis_eventos/{id} — 404 when the caller holds no ticket of the event (whoever else does). */
export async function miEvento(db: Db, dueno: repo.Dueno, eventoId: number): Promise<MiEventoDetalle> {
  const boletos = await repo.listBoletosEvento(db, dueno, eventoId);
  if (boletos.length === 0) throw new DomainError('MI_EVENTO_NO_ENCONTRADO');
  const [evento] = (await misEventosDto(db, new Map([[eventoId, boletos.length]]))).map((e) => e.evento);
  if (!evento) throw new DomainError('MI_EVENTO_NO_ENCONTRADO');
  const compras = await repo.listCompras(db, [...new Set(boletos.map((b) => b.reservaId))]);
  return {
    boletos: boletos.filter((b) => b.fila !== null).map(toBoleto),
    pasesGenerales: boletos.filter((b) => b.fila === null).map(toPase),
    evento: { ...evento, resumen: resumen(evento, boletos, compras) },
  };
}
