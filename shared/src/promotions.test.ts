import { describe, expect, it } from 'vitest';
import type { CartLine, PromotionRule } from './money';
import { promotionProblem } from './promotions';

const seat = (id: number, precio: number, categoria = 'categoria:1'): CartLine => ({ id, precio, categoria, servicioBps: 1_000 });
const ctx = { esGeneral: false, seccionNombre: 'Sección 101', categoriasNombres: ['VIP', 'Pista'] };
const tresPorDos = (categorias: string[] | null = null): PromotionRule => ({ tipo: 'CANTIDAD', cantidadCompra: 3, cantidadPaga: 2, categorias });

describe('promotionProblem — the messages of spec §5 "Discount code"', () => {
  it('no problem when the promotion gives a discount', () => {
    expect(promotionProblem([seat(1, 100), seat(2, 100), seat(3, 100)], tresPorDos(), ctx)).toBeNull();
    expect(promotionProblem([seat(1, 100)], { tipo: 'PORCENTAJE', porcentajeBps: 1_000, categorias: null }, ctx)).toBeNull();
  });

  it('seats outside the promotion categories list them', () => {
    expect(promotionProblem([seat(1, 100, 'categoria:7')], { tipo: 'PORCENTAJE', porcentajeBps: 1_000, categorias: ['categoria:1'] }, ctx)?.message).toBe(
      'Promocion solo valida para las siguientes categorías: VIP, Pista.',
    );
  });

  it('a general section the promotion does not cover names the section', () => {
    expect(promotionProblem([seat(1, 100, 'general:4')], tresPorDos(['general:5']), { ...ctx, esGeneral: true, seccionNombre: 'General Norte' })?.message).toBe(
      'El código de descuento no es válido para la sección General Norte.',
    );
  });

  it("seats under a code restricted to general sections name the seats' section, not a category list", () => {
    expect(promotionProblem([seat(1, 100, 'categoria:1')], tresPorDos(['general:5']), ctx)?.message).toBe(
      'El código de descuento no es válido para la sección Sección 101.',
    );
    // A code naming a category too keeps the category list.
    expect(promotionProblem([seat(1, 100, 'categoria:7')], tresPorDos(['categoria:1', 'general:5']), ctx)?.code).toBe('DISCOUNT_CATEGORY_ONLY');
  });

  it('buy X pay Y needs X tickets (GA) or X seats of one category and price (seat page)', () => {
    const ga = { ...ctx, esGeneral: true };
    expect(promotionProblem([seat(1, 100, 'general:4'), seat(2, 100, 'general:4')], tresPorDos(), ga)?.message).toBe(
      'Debes comprar al menos 3 boletos para aplicar el descuento.',
    );
    // Three seats, but of two prices: no group reaches 3.
    expect(promotionProblem([seat(1, 100), seat(2, 100), seat(3, 200)], tresPorDos(), ctx)?.message).toBe(
      'Debes seleccionar al menos 3 asientos en una misma categoría y precio para aplicar este código.',
    );
  });
});
