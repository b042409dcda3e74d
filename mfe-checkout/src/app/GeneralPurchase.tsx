/**
 * The general-admission quantity modal, mounted by the shell on /eventos/:id and
 * /eventos/informacion/:id. It opens on 'seating:general-section-clicked'; until the checkout
 * screens are built it renders nothing (no modal that could pretend to sell).
 */
export default function GeneralPurchase() {
  return null;
}
