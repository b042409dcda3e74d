import type { Hold } from '../../reservation/lib/hold-machine';

/**
 * The place of the purchase summary (Subtotal, Cargo por servicio, Cargo por uso de tarjeta,
 * IVA, Total), the discount code and the card form, for the live `hold`: spec "Seat selection
 * page" and the general-admission modal's step 2. They belong to the checkout issue that
 * follows the holds; until then a held buyer sees the countdown and 'Cancelar la compra' only.
 */
export function PaymentStep(_props: { hold: Hold }) {
  return null;
}
