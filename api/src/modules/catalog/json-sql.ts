import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';

/**
 * The hot catalogue answers are assembled as JSON inside PostgreSQL (json_build_object /
 * json_agg) and passed through as text: measured under autocannon, mapping rows in JS and
 * re-serialising them cost more than the query itself. The shapes are the shared zod DTOs
 * (eventoSchema, filasPorSeccionResponseSchema); route tests parse every answer with them.
 */

/** ISO 8601 UTC with milliseconds, exactly like Date.prototype.toISOString(). */
export const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An Evento DTO from aliases e (eventos), c (categorias), a (artistas), r (recintos), ci (ciudades). */
export function eventoJson(withSvg: boolean): SQL {
  const recinto = withSvg
    ? sql`json_build_object('id', r.id, 'nombre', r.nombre, 'direccion', r.direccion, 'svg', r.svg)`
    : sql`json_build_object('id', r.id, 'nombre', r.nombre, 'direccion', r.direccion)`;
  return sql`json_build_object(
    'id', e.id, 'nombre', e.nombre, 'descripcion', e.descripcion, 'fecha', ${isoUtc(sql`e.fecha`)},
    'zonaHoraria', e.zona_horaria, 'imagenBanner', e.imagen_banner, 'imagenPromocion', e.imagen_promocion,
    'categoria', json_build_object('id', c.id, 'nombre', c.nombre),
    'artista', json_build_object('nombre', a.nombre),
    'recinto', ${recinto},
    'ciudad', json_build_object('nombre', ci.nombre),
    'mostrarWeb', e.mostrar_web, 'limiteDeAsientos', e.limite_de_asientos,
    'usoDeTarjeta', e.uso_de_tarjeta_bps, 'usoDeServicio', e.uso_de_servicio_bps,
    'ivaRate', e.iva_rate_bps, 'isIvaApplied', e.is_iva_applied, 'udsPorCategoria', e.uds_por_categoria,
    'precioDesde', e.precio_desde)`;
}

export const EVENTO_FROM = sql`eventos e
  join categorias c on c.id = e.categoria_id
  join artistas a on a.id = e.artista_id
  join recintos r on r.id = e.recinto_id
  join ciudades ci on ci.id = r.ciudad_id`;

/** Sends JSON text built by the database as is (no parse / stringify round trip). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').serializer((payload: unknown) => payload as string).send(json);
}
