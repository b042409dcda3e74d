/**
 * Typed catalogue calls (spec §7 "Events"), one function per call, answers parsed with the zod
 * DTO schemas. Import from the subpath `@taquilla/shared/api/catalog`: zod stays out of the
 * root entry's first-load bundle and is only paid for by the remotes that list events.
 *
 * `apiRequest` comes from the package root on purpose, not from './client': this module is
 * bundled into each remote that imports it, and only the root entry is a federation singleton.
 * A relative import would give the remote its own axios instance and runtime config (no API
 * key, no base URL set by the shell).
 */
import { apiRequest } from '@taquilla/shared';
import {
  categoriasResponseSchema,
  detalleSeccionResponseSchema,
  eventoDetalleSchema,
  eventosGetAllResponseSchema,
  filasPorSeccionResponseSchema,
  TIPO_DISPOSITIVO,
  type Categoria,
  type DetalleSeccionResponse,
  type Evento,
  type EventoDetalle,
  type FilasPorSeccionResponse,
} from '../schemas/catalog';

export type { Categoria, DetalleSeccionResponse, Evento, EventoDetalle, FilasPorSeccionResponse };

type Id = number | string;
const seg = (id: Id) => encodeURIComponent(String(id));

/** GET /eventos/get_all?tipoDispositivo=web → the upcoming events shown on the web. */
export async function getEventos(): Promise<Evento[]> {
  const body = await apiRequest('GET', '/eventos/get_all', undefined, {
    params: { tipoDispositivo: TIPO_DISPOSITIVO },
    parse: (data) => eventosGetAllResponseSchema.parse(data),
  });
  return body.eventosFiltrados;
}

/** GET /categorias/get_all → the event categories (chips on the home page). */
export async function getCategorias(): Promise<Categoria[]> {
  const body = await apiRequest('GET', '/categorias/get_all', undefined, {
    parse: (data) => categoriasResponseSchema.parse(data),
  });
  return body.categorias;
}

/** GET /eventos/{id}/detalle → the event with its venue SVG (answers hidden events too). */
export function getEventoDetalle(id: Id): Promise<EventoDetalle> {
  return apiRequest('GET', `/eventos/${seg(id)}/detalle`, undefined, {
    parse: (data) => eventoDetalleSchema.parse(data),
  });
}

/** GET /eventos/{id}/detalle_seccion/false/web → sections and price categories. */
export function getDetalleSeccion(id: Id): Promise<DetalleSeccionResponse> {
  return apiRequest('GET', `/eventos/${seg(id)}/detalle_seccion/false/${TIPO_DISPOSITIVO}`, undefined, {
    parse: (data) => detalleSeccionResponseSchema.parse(data),
  });
}

/** GET /eventos/{id}/{seccionId}/filas_por_seccion → rows and seats of one section. */
export function getFilasPorSeccion(id: Id, seccionId: Id): Promise<FilasPorSeccionResponse> {
  return apiRequest('GET', `/eventos/${seg(id)}/${seg(seccionId)}/filas_por_seccion`, undefined, {
    parse: (data) => filasPorSeccionResponseSchema.parse(data),
  });
}
