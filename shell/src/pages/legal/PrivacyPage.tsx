import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return (
    <LegalPage title="Aviso de privacidad" updated="1 de noviembre de 2026">
      <p>
        Taquilla es responsable del tratamiento de tus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los
        Particulares.
      </p>
      <h2>Datos que recabamos</h2>
      <p>
        Nombre completo y correo electrónico (al registrarte o al comprar como invitado), tu historial de compras y, si decides guardar una tarjeta, la
        referencia que nos entrega el procesador de pagos. Los números de tarjeta y el código de seguridad nunca llegan a nuestros servidores: los recibe
        directamente el procesador de pagos.
      </p>
      <h2>Para qué los usamos</h2>
      <ul>
        <li>Enviarte tus boletos y la confirmación de tu compra.</li>
        <li>Verificar tu correo y administrar tu cuenta.</li>
        <li>Prevenir fraudes y usos excesivos del servicio.</li>
      </ul>
      <h2>Menores de edad</h2>
      <p>Si eres menor de 18 años, tu madre, padre o tutor debe dar su consentimiento para el tratamiento de tus datos.</p>
      <h2>Tus derechos ARCO</h2>
      <p>
        Puedes acceder, rectificar, cancelar u oponerte al tratamiento de tus datos escribiendo a <a href="mailto:contacto@taquilla.mx">contacto@taquilla.mx</a>
        .
      </p>
    </LegalPage>
  );
}
