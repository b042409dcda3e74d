/**
 * Gateway refusals carry Openpay's numeric error_code, and a
 * Spanish message a buyer can read. Openpay's own description stays in `description` for the
 * logs; it may be English and is never shown.
 */
import { pagoMessages } from '@taquilla/shared/messages/pagos';
import { ERRORS } from '../../../lib/errors';

/**
 * Buyer-facing messages by Openpay error_code (Openpay's error catalogue, "Errores"). Codes the
 * API also answers as its own errors (PAGO_*) take that catalogue's text, so the two never drift.
 */
export const GATEWAY_MESSAGES: Readonly<Record<number, string>> = {
  1000: 'El procesador de pagos tuvo un error interno. Intenta de nuevo en unos minutos.',
  1001: ERRORS.PAGO_DATOS_INVALIDOS.message,
  1002: 'El comercio no pudo identificarse con el procesador de pagos.',
  1003: 'Uno o más datos del pago no son correctos. Revisa la información e intenta de nuevo.',
  1004: 'El servicio de pagos no está disponible en este momento. Intenta de nuevo en unos minutos.',
  1005: 'La tarjeta o el cargo ya no existe. Vuelve a capturar los datos de tu tarjeta.',
  1006: ERRORS.PAGO_DUPLICADO.message,
  1007: 'La transferencia de fondos no fue aceptada. Intenta con otra tarjeta.',
  1008: 'Una de las cuentas del pago está desactivada.',
  1009: 'La solicitud de pago es demasiado grande.',
  1010: 'El comercio usó una llave equivocada con el procesador de pagos.',
  2001: 'La cuenta bancaria ya está registrada.',
  2002: 'Esta tarjeta ya está guardada en tu cuenta.',
  2003: 'Ya existe un perfil de pago para este usuario.',
  2004: 'El número de tarjeta no es válido. Revísalo e intenta de nuevo.',
  2005: 'La fecha de vencimiento de la tarjeta ya pasó.',
  2006: 'Falta el código de seguridad (CVV) de la tarjeta.',
  2007: 'El número de tarjeta es de pruebas y no puede usarse en producción.',
  2008: 'La tarjeta no es válida para pagar con puntos.',
  2009: 'El código de seguridad (CVV) de la tarjeta no es válido.',
  3001: ERRORS.PAGO_RECHAZADO.message,
  3002: 'La tarjeta ha expirado. Intenta con otra tarjeta.',
  3003: 'La tarjeta no tiene fondos suficientes. Intenta con otra tarjeta.',
  3004: 'La tarjeta fue rechazada por el banco emisor. Intenta con otra tarjeta.',
  3005: 'La tarjeta fue rechazada por seguridad. Intenta con otra tarjeta.',
  3006: 'La operación no está permitida para esta tarjeta. Intenta con otra tarjeta.',
  3007: ERRORS.PAGO_RECHAZADO.message,
  3008: 'La tarjeta no admite compras en línea. Intenta con otra tarjeta.',
  3009: 'La tarjeta fue reportada como extraviada. Intenta con otra tarjeta.',
  3010: 'El banco restringió la tarjeta. Comunícate con tu banco o usa otra tarjeta.',
  3011: 'El banco solicitó retener la tarjeta. Comunícate con tu banco.',
  3012: 'Tu banco requiere que autorices este pago. Comunícate con tu banco o intenta con otra tarjeta.',
  4001: 'El procesador de pagos no pudo completar la operación. Intenta más tarde.',
};

const GATEWAY_FALLBACK_MESSAGE = pagoMessages.PAYMENT_FAILED;
const GATEWAY_UNREACHABLE_MESSAGE = ERRORS.PAGO_SIN_RESPUESTA.message;

export function gatewayMessage(errorCode: number | null): string {
  if (errorCode === null) return GATEWAY_UNREACHABLE_MESSAGE;
  return GATEWAY_MESSAGES[errorCode] ?? GATEWAY_FALLBACK_MESSAGE;
}

export class GatewayError extends Error {
  /** Openpay's error_code; null when the gateway could not be reached or answered nonsense. */
  readonly errorCode: number | null;
  readonly httpStatus: number | null;
  /** The gateway's own description (support logs only; never shown to buyers). */
  readonly description: string;
  readonly requestId: string | undefined;

  constructor(errorCode: number | null, opts: { httpStatus?: number | null; description?: string; requestId?: string; cause?: unknown } = {}) {
    super(gatewayMessage(errorCode), opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'GatewayError';
    this.errorCode = errorCode;
    // Openpay's answer's status; null for a refusal made here (a bad id or amount) or no answer.
    this.httpStatus = opts.httpStatus ?? null;
    this.description = opts.description ?? '';
    this.requestId = opts.requestId;
  }

  /** 1006: a charge with this orderId already exists; nothing new was billed. */
  get isDuplicateOrder(): boolean {
    return this.errorCode === 1006;
  }

  /** The card was refused (3xxx): the buyer may retry with another card. */
  get isCardDeclined(): boolean {
    return this.errorCode !== null && this.errorCode >= 3001 && this.errorCode <= 3999;
  }

  /** The request may or may not have reached the gateway: the outcome is unknown. */
  get isOutcomeUnknown(): boolean {
    return this.errorCode === null || this.errorCode === 1000 || this.errorCode === 1004;
  }
}
