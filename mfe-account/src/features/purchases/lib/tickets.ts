import { filaLabel } from '@taquilla/shared';
import type { Boleto, MiEventoDetalle, PaseGeneral } from '@taquilla/shared/schemas/cuenta';

/** One ticket as the wallet shows it, numbered seat or general admission alike. */
export interface TicketView {
  id: string;
  /** The QR payload (quemadoUUID). */
  qr: string;
  /** Category name, or 'General' for general admission without one (spec §2). */
  categoria: string;
  bloque: string;
  seccion: string;
  /** Row and seat number; null for general admission. */
  fila: string | null;
  numero: number | null;
  /** Centavos: the general price is precioEspecial, otherwise precio (spec §3). */
  precio: number;
}

/** Tickets of one section, as the wallet groups them. */
export interface TicketGroup {
  key: string;
  bloque: string;
  seccion: string;
  tickets: TicketView[];
}

const GENERAL = 'General';

function fromBoleto(b: Boleto): TicketView {
  const { fila } = b.asiento;
  return {
    id: b.id,
    qr: b.quemadoUUID,
    categoria: b.categoria?.nombre ?? GENERAL,
    bloque: fila.seccion.bloque.nombre,
    seccion: fila.seccion.nombre,
    fila: fila.nombre,
    numero: b.asiento.numero,
    precio: b.precio,
  };
}

function fromPase(p: PaseGeneral): TicketView {
  return {
    id: p.id,
    qr: p.quemadoUUID,
    categoria: p.categoria?.nombre ?? GENERAL,
    bloque: p.eventoSeccion.seccion.bloque.nombre,
    seccion: p.eventoSeccion.seccion.nombre,
    fila: null,
    numero: null,
    precio: p.eventoSeccion.precioEspecial,
  };
}

const text = (a: string, b: string) => a.localeCompare(b, 'es-MX', { numeric: true });

/** Seats by block, section, row (natural order: 'Fila 2' before 'Fila 10') and number; general places after, by id. */
function compareTickets(a: TicketView, b: TicketView): number {
  return (
    text(a.bloque, b.bloque) ||
    text(a.seccion, b.seccion) ||
    Number(a.fila === null) - Number(b.fila === null) ||
    text(a.fila ?? '', b.fila ?? '') ||
    (a.numero ?? 0) - (b.numero ?? 0) ||
    text(a.id, b.id)
  );
}

/** Every ticket of the event, seats and general places, in the order a group walks in. */
export function ticketViews(detalle: Pick<MiEventoDetalle, 'boletos' | 'pasesGenerales'>): TicketView[] {
  return [...detalle.boletos.map(fromBoleto), ...detalle.pasesGenerales.map(fromPase)].sort(compareTickets);
}

/** The tickets grouped by block and section, in ticket order (one heading per section). */
export function groupBySection(tickets: readonly TicketView[]): TicketGroup[] {
  const groups = new Map<string, TicketGroup>();
  for (const ticket of tickets) {
    const key = `${ticket.bloque}\u0000${ticket.seccion}`;
    const group = groups.get(key) ?? { key, bloque: ticket.bloque, seccion: ticket.seccion, tickets: [] };
    group.tickets.push(ticket);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** 'Fila B · Asiento 12', or 'Acceso general' for a general place. */
export function placeLabel(ticket: Pick<TicketView, 'fila' | 'numero'>): string {
  return ticket.fila === null ? 'Acceso general' : `${filaLabel(ticket.fila)} · Asiento ${ticket.numero}`;
}
