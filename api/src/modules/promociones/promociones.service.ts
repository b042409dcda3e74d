import type { Promocion, ValidarPromoWebResponse } from '@taquilla/shared/schemas/promociones';
import { categoriaKey, type PromotionRule } from '@taquilla/shared/money';
import type { DbOrTx } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { agotada, findEventoEnVenta, listPromocionCategorias, listPromocionesVigentes, type PromocionCategoriaRow, type PromocionRow } from './promociones.repository';

function toPromocion(p: PromocionRow, categorias: PromocionCategoriaRow[]): Promocion {
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
    clave: p.clave,
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

async function withCategorias(db: DbOrTx, rows: PromocionRow[]): Promise<Promocion[]> {
  const categorias = await listPromocionCategorias(db, rows.map((r) => r.id));
  return rows.map((r) => toPromocion(r, categorias.filter((c) => c.promocionId === r.id)));
}

/** The one promotion found, unless it is unknown (404) or has no uses left (409). */
async function enVigor(db: DbOrTx, rows: PromocionRow[]): Promise<Promocion> {
  const [row] = rows;
  if (!row) throw new DomainError('PROMOCION_INVALIDA');
  if (agotada(row)) throw new DomainError('PROMOCION_AGOTADA');
  return (await withCategorias(db, [row]))[0]!;
}

async function requireEventoEnVenta(db: DbOrTx, eventoId: number): Promise<void> {
  if (!(await findEventoEnVenta(db, eventoId))) throw new DomainError('EVENTO_NO_ENCONTRADO');
}

/** validar_promo_web: the automatic promotions in force; the checkout picks the best for its cart. */
export async function promocionesAutomaticas(db: DbOrTx, eventoId: number): Promise<ValidarPromoWebResponse> {
  await requireEventoEnVenta(db, eventoId);
  const promos = await withCategorias(db, (await listPromocionesVigentes(db, eventoId, { automatica: true })).filter((p) => !agotada(p)));
  return { total: promos.length, promocionesAplicaDirecto: promos };
}

/** validar_clave_web: the promotion behind a code (already upper-cased), in force now, or 404. */
export async function promocionPorClave(db: DbOrTx, eventoId: number, clave: string): Promise<Promocion> {
  await requireEventoEnVenta(db, eventoId);
  return enVigor(db, await listPromocionesVigentes(db, eventoId, { clave }));
}

/** A promotion of the event by id, in force now (any kind: the checkout sends the id of the code it applied), or 404. */
export async function promocionPorId(db: DbOrTx, eventoId: number, id: number): Promise<Promocion> {
  return enVigor(db, await listPromocionesVigentes(db, eventoId, { id }));
}
