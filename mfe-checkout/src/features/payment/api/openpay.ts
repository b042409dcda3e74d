/**
 * Openpay.js in the browser (or, in development, the Openpay sandbox's, same surface): the card number and
 * CVV go from here straight to the gateway, which answers a one-use token; our API only ever
 * sees that token and the device_session_id.
 */
import type { Credenciales } from '@taquilla/shared/schemas/pagos';
import { formatMessage } from '@taquilla/shared';
import { pagoMessages } from '@taquilla/shared/messages/pagos';

export interface OpenPayCard {
  card_number: string;
  holder_name: string;
  expiration_month: string;
  expiration_year: string;
  cvv2: string;
}

interface OpenPayGlobal {
  setId(id: string): void;
  setApiKey(key: string): void;
  setSandboxMode(enabled: boolean): void;
  token: {
    create(
      card: OpenPayCard,
      success: (res: { data: { id: string } }) => void,
      error: (err: { data?: { description?: string; error_code?: number } }) => void,
    ): void;
  };
  deviceData: { setup(formId?: string, hiddenFieldName?: string): string };
}

declare global {
  interface Window {
    OpenPay?: OpenPayGlobal;
  }
}

export interface Gateway {
  deviceSessionId: string;
  tokenize(card: OpenPayCard): Promise<string>;
}

const loaded = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(formatMessage(pagoMessages.GATEWAY_SCRIPT_FAILED, { src })));
      };
      document.head.append(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

/** Loads the gateway's scripts in order, configures them and starts device data collection. */
export async function loadGateway(cred: Credenciales): Promise<Gateway> {
  for (const src of cred.scriptUrls) await loadScript(src);
  const openpay = window.OpenPay;
  if (!openpay) throw new Error(pagoMessages.GATEWAY_UNAVAILABLE);
  openpay.setId(cred.merchantId);
  openpay.setApiKey(cred.publicKey);
  openpay.setSandboxMode(cred.sandbox);
  const deviceSessionId = openpay.deviceData.setup();
  return {
    deviceSessionId,
    tokenize: (card) =>
      new Promise<string>((resolve, reject) => {
        openpay.token.create(
          card,
          (res) => resolve(res.data.id),
          (err) => reject(new Error(err.data?.description ?? pagoMessages.CARD_TOKEN_FAILED)),
        );
      }),
  };
}
