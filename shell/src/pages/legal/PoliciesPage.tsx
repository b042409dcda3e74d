import { LegalPage, LEGAL_JURISDICTION } from './LegalPage';

export default function PoliciesPage() {
  return (
    <LegalPage title="Nuestras políticas" updated="1 de noviembre de 2026">
      <h2>Edad mínima</h2>
      <p>Las compras son para mayores de 18 años o para menores con el consentimiento de su madre, padre o tutor.</p>
      <h2>Cambios y reembolsos</h2>
      <p>
        No hay cambios ni reembolsos después de la compra. El cargo por servicio no es reembolsable. Si un evento se cancela, el organizador informará el
        procedimiento que corresponda.
      </p>
      <h2>Tarjetas aceptadas</h2>
      <p>
        En línea solo aceptamos tarjetas de crédito. No se aceptan tarjetas de débito, virtuales, mini ni gemelas, aunque veas sus logotipos en el formulario de
        pago.
      </p>
      <h2>Uso justo</h2>
      <p>
        El uso excesivo del sitio dentro de 24 horas (reservas repetidas, compras automatizadas) es una violación de nuestras políticas y podemos cancelar las
        compras relacionadas.
      </p>
      <h2>Controversias</h2>
      <p>Cualquier controversia se resolverá conforme a las leyes del Estado de {LEGAL_JURISDICTION}, México.</p>
    </LegalPage>
  );
}
