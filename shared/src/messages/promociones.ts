/** Discount code and promotion texts (spec §5 "Discount code", §8 "Promotions"). */
export const promocionMessages = {
  DISCOUNT_CODE_REQUIRED: 'Ingresa un código valido',
  DISCOUNT_CODE_INVALID: 'Código de descuento inválido.',
  DISCOUNT_NOT_FOR_SECTION: 'El código de descuento no es válido para la sección {name}.',
  DISCOUNT_MIN_QUANTITY: 'Debes comprar al menos {n} boletos para aplicar el descuento.',
  DISCOUNT_MIN_SEATS: 'Debes seleccionar al menos {n} asientos en una misma categoría y precio para aplicar este código.',
  DISCOUNT_CATEGORY_ONLY: 'Promocion solo valida para las siguientes categorías: {list}.',
  DISCOUNT_APPLIED: 'Descuento aplicado correctamente!',
  PROMOTION_EVENT_INVALID: 'El evento no es válido.',
} as const;
