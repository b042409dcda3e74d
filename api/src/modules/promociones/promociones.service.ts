import type { Promocion, ValidarPromoWebResponse } from '@taquilla/shared/schemas/promociones';
import { categoriaKey, type PromotionRule } from '@taquilla/shared/money';
import type { DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import {
  agotada,
  findEventoEnVenta,
  listPromocionCategorias,
  listPromocionesVigentes,
  type PromocionCategoriaRow,
  type PromocionRow,
} from './promociones.repository';

/** Whether the caller sent this promotion's code (already trimmed and upper-cased). */
const codeSent = (p: PromocionRow, clave: string | undefined) => clave !== undefined && p.clave === clave;

/** The promotion as the shop shows it; its code only to a caller who sent that code. */
function toPromocion(p: PromocionRow, categorias: PromocionCategoriaRow[], clave: string | undefined): Promocion {
  return {
    id: p.id,
    nombre: p.nombre,
    tipo: p.tipo,
    porcentaje: p.tipo === 'PORCENTAJE' ? (p.porcentajeBps ?? 0) : null,
    cantidadCompra: p.tipo === 'CANTIDAD' ? p.cantidadCompra : null,
    cantidadPaga: p.tipo === 'CANTIDAD' ? p.cantidadPaga : null,
    aplicaTodoEvento: p.aplicaTodoEvento,
    categorias: categorias.map((c) => ({
      categoria: c.categoriaEventoId !== null ? { id: c.categoriaEventoId, nombre: c.categoriaNombre ?? '' } : null,
      categoriaGeneral: c.seccionId !== null ? { id: c.seccionId, nombre: c.seccionNombre ?? '' } : null,
    })),
    clave: codeSent(p, clave) ? p.clave : null,
    automatica: p.automatica,
  };
}

/** The maths' view of a promotion (shared/money): which category / general-section keys it covers. */
export function toPromotionRule(p: Promocion): PromotionRule {
  const categorias = p.aplicaTodoEvento
    ? null
    : p.categorias.flatMap((c) => [
        ...(c.categoria ? [categoriaKey('categoria', c.categoria.id)] : []),
        ...(c.categoriaGeneral ? [categoriaKey('general', c.categoriaGeneral.id)] : []),
      ]);
  return p.tipo === 'PORCENTAJE'
    ? { tipo: 'PORCENTAJE', porcentajeBps: p.porcentaje ?? 0, categorias }
    : { tipo: 'CANTIDAD', cantidadCompra: p.cantidadCompra ?? 1, cantidadPaga: p.cantidadPaga ?? 1, categorias };
}

async function withCategorias(db: DbOrTx, rows: PromocionRow[], clave: string | undefined): Promise<Promocion[]> {
  const categorias = await listPromocionCategorias(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toPromocion(
      r,
      categorias.filter((c) => c.promocionId === r.id),
      clave,
    ),
  );
}

/**
 * The one promotion found, unless it is unknown or a code's promotion whose code the caller did
 * not send (both 404, alike, so an id tells nothing), or has no uses left (409).
 */
async function enVigor(db: DbOrTx, rows: PromocionRow[], clave: string | undefined): Promise<Promocion> {
  const [row] = rows;
  if (!row || (!row.automatica && !codeSent(row, clave))) throw new DomainError('PROMOCION_INVALIDA');
  if (agotada(row)) throw new DomainError('PROMOCION_AGOTADA');
  return (await withCategorias(db, [row], clave))[0]!;
}

async function requireEventoEnVenta(db: DbOrTx, eventoId: number): Promise<void> {
  if (!(await findEventoEnVenta(db, eventoId))) throw new DomainError('EVENTO_NO_ENCONTRADO');
}

/** validar_promo_web: the automatic promotions in force; the checkout picks the best for its cart. */
export async function promocionesAutomaticas(db: DbOrTx, eventoId: number): Promise<ValidarPromoWebResponse> {
  await requireEventoEnVenta(db, eventoId);
  const promos = await withCategorias(
    db,
    (await listPromocionesVigentes(db, eventoId, { automatica: true })).filter((p) => !agotada(p)),
    undefined,
  );
  return { total: promos.length, promocionesAplicaDirecto: promos };
}

/** validar_clave_web: the promotion behind a code (already upper-cased), in force now, or 404. */
export async function promocionPorClave(db: DbOrTx, eventoId: number, clave: string): Promise<Promocion> {
  await requireEventoEnVenta(db, eventoId);
  return enVigor(db, await listPromocionesVigentes(db, eventoId, { clave }), clave);
}

/**
 * A promotion of the event by id, in force now, or 404: an automatic one by its id alone, a
 * code's promotion only with its code (`clave`, already upper-cased) — ids are small sequential
 * numbers anyone can try, codes are what the shop hands out.
 */
export async function promocionPorId(db: DbOrTx, eventoId: number, id: number, clave: string | undefined): Promise<Promocion> {
  return enVigor(db, await listPromocionesVigentes(db, eventoId, { id }), clave);
}
