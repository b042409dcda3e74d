/**
 * Whether a promotion can apply to a cart, and if not, which message of spec §5 "Discount
 * code" the buyer sees. The checkout remote runs it before calling the server; the server
 * runs it again when the promotion is applied to a reservation (never trusting the browser).
 */
import { formatMessage } from './messages/core';
import { promocionMessages } from './messages/promociones';
import type { CartLine, PromotionRule } from './money';

export interface PromotionCheckContext {
  /** General admission (one general section) or numbered seats. */
  esGeneral: boolean;
  /** The section's name, for 'El código de descuento no es válido para la sección {name}.' */
  seccionNombre: string;
  /** Names of the categories / general sections a restricted promotion covers, in display order. */
  categoriasNombres: readonly string[];
}

export type PromotionProblem = {
  code: 'DISCOUNT_NOT_FOR_SECTION' | 'DISCOUNT_CATEGORY_ONLY' | 'DISCOUNT_MIN_QUANTITY' | 'DISCOUNT_MIN_SEATS';
  message: string;
};

/** null when the promotion gives this cart a discount; otherwise the reason, in Spanish. */
export function promotionProblem(lines: readonly CartLine[], rule: PromotionRule, ctx: PromotionCheckContext): PromotionProblem | null {
  const eligible = rule.categorias === null ? lines : lines.filter((l) => rule.categorias!.includes(l.categoria));
  if (eligible.length === 0) {
    // A promotion that names only general sections is restricted by section, not by category.
    const soloSecciones = rule.categorias !== null && rule.categorias.length > 0 && rule.categorias.every((k) => k.startsWith('general:'));
    return ctx.esGeneral || soloSecciones
      ? { code: 'DISCOUNT_NOT_FOR_SECTION', message: formatMessage(promocionMessages.DISCOUNT_NOT_FOR_SECTION, { name: ctx.seccionNombre }) }
      : { code: 'DISCOUNT_CATEGORY_ONLY', message: formatMessage(promocionMessages.DISCOUNT_CATEGORY_ONLY, { list: ctx.categoriasNombres.join(', ') }) };
  }
  if (rule.tipo === 'CANTIDAD') {
    const n = rule.cantidadCompra;
    if (ctx.esGeneral) {
      if (eligible.length < n) return { code: 'DISCOUNT_MIN_QUANTITY', message: formatMessage(promocionMessages.DISCOUNT_MIN_QUANTITY, { n }) };
    } else {
      const groups = new Map<string, number>();
      for (const l of eligible) groups.set(`${l.categoria}|${l.precio}`, (groups.get(`${l.categoria}|${l.precio}`) ?? 0) + 1);
      if (Math.max(...groups.values()) < n) return { code: 'DISCOUNT_MIN_SEATS', message: formatMessage(promocionMessages.DISCOUNT_MIN_SEATS, { n }) };
    }
  }
  return null;
}
