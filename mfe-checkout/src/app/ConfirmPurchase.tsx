import { UnderConstruction } from '../features/under-construction/components/under-construction';

/** Routes /terminar_compra/… and /terminar_compra_invitado/… after the 3-D Secure redirect (not built yet). */
export default function ConfirmPurchase() {
  return (
    <UnderConstruction
      title="Confirmación de pago"
      description="La confirmación de tu compra después de la verificación 3-D Secure estará disponible pronto."
    />
  );
}
