import { LegalPage, LEGAL_JURISDICTION } from './LegalPage';

export default function TermsPage() {
  return (
    <LegalPage title="Términos y condiciones" updated="1 de noviembre de 2026">
      <p>Estos términos regulan la compra de boletos para eventos en vivo a través de Taquilla. Al comprar aceptas lo que aquí se describe.</p>
      <h2>1. Quién puede comprar</h2>
      <p>
        Para comprar debes ser mayor de 18 años. Si eres menor de edad, necesitas el consentimiento de tu madre, padre o tutor, quien será responsable de la
        compra.
      </p>
      <h2>2. Sin cambios ni reembolsos</h2>
      <p>Una vez realizada la compra no hay cambios ni reembolsos. Revisa el evento, la fecha, la sección y la cantidad de boletos antes de pagar.</p>
      <h2>3. Cargo por servicio</h2>
      <p>
        El cargo por servicio y el cargo por uso de tarjeta se muestran antes de pagar y <strong>no son reembolsables</strong> en ningún caso.
      </p>
      <h2>4. Formas de pago</h2>
      <p>
        Aceptamos tarjetas de crédito. En compras en línea <strong>no se aceptan tarjetas de débito, virtuales, mini ni tarjetas gemelas</strong>, aunque el
        formulario de pago muestre logotipos de tarjetas de débito.
      </p>
      <h2>5. Uso del sitio</h2>
      <p>
        Las reservas de lugares duran un tiempo limitado. El uso excesivo del servicio dentro de un periodo de 24 horas (por ejemplo, reservar y liberar lugares
        de forma repetida) se considera una violación de estos términos y puede llevar a la cancelación de las compras y al bloqueo de la cuenta.
      </p>
      <h2>6. Ley aplicable y jurisdicción</h2>
      <p>
        Para la interpretación y cumplimiento de estos términos, las partes se someten a las leyes del Estado de {LEGAL_JURISDICTION} y a los tribunales
        competentes de Guadalajara, {LEGAL_JURISDICTION}, renunciando a cualquier otro fuero que pudiera corresponderles.
      </p>
    </LegalPage>
  );
}
