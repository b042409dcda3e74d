export interface PaymentStepProps {
  eventoId: string;
  reservaId: string;
  esGeneral: boolean;
}

/**
 * The place of the purchase summary (Subtotal, Cargo por servicio, Cargo por uso de tarjeta,
 * IVA, Total), the discount code and the card form for a live hold: spec "Seat selection page"
 * and the general-admission modal's step 2. The app mounts it under the countdown and
 * 'Cancelar la compra' of every live hold (app/CheckoutPanel, app/GeneralPurchase). They belong
 * to the checkout issue that follows the holds; until then it renders nothing.
 */
export function PaymentStep(_props: PaymentStepProps) {
  return null;
}
