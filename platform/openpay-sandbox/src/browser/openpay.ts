/**
 * The sandbox's OpenPay.js (Openpay's openpay.v1.js + openpay-data.v1.js): the same surface
 * (OpenPay.setId, setApiKey, setSandboxMode, token.create, token.extractFormAndCreate,
 * deviceData.setup, card.validate*), so checkout's code is the same for the sandbox and Openpay.
 * token.create posts the card to the sandbox's token endpoint beside this script, with the public
 * key as basic auth, as OpenPay.js does with Openpay's servers. Card facts: @taquilla/shared/cards.
 * Bundled for the browser by ../openpay-js.ts.
 */
import { cardBrand, luhnValid } from '@taquilla/shared/cards';

type Callback = (answer: { data: unknown; status: number; message?: string }) => void;
interface CardFields {
  card_number?: string;
  holder_name?: string;
  expiration_month?: string;
  expiration_year?: string;
  cvv2?: string;
}

const script = document.currentScript as HTMLScriptElement | null;
// The script is served at <sandbox>/openpay.js; the API is at <sandbox>/v1/….
const base = (script?.src ? new URL(script.src, location.href).href : `${location.origin}/openpay.js`).replace(/\/openpay\.js(\?.*)?$/, '');
const state = { id: '', key: '', sandbox: false };
const digits = (value: unknown) => String(value ?? '').replace(/[\s-]/g, '');
const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard', american_express: 'American Express' } as const;
const cardType = (number: unknown) => {
  const brand = cardBrand(digits(number));
  return brand ? BRAND_NAMES[brand] : '';
};

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function fail(error: Callback | undefined, status: number, data: unknown, message: string) {
  if (typeof error === 'function') error({ data, status, message });
}

const OpenPay = {
  setId: (id: string) => void (state.id = String(id)),
  getId: () => state.id,
  setApiKey: (key: string) => void (state.key = String(key)),
  getApiKey: () => state.key,
  setSandboxMode: (enabled: boolean) => void (state.sandbox = Boolean(enabled)),
  getSandboxMode: () => state.sandbox,
  token: {
    /** Reads the inputs marked data-openpay-card="card_number|holder_name|expiration_month|expiration_year|cvv2". */
    extractFormAndCreate(form: string | HTMLElement, success?: Callback, error?: Callback) {
      const element = typeof form === 'string' ? document.getElementById(form) : form;
      const card: Record<string, string> = {};
      for (const input of element ? Array.from(element.querySelectorAll<HTMLInputElement>('[data-openpay-card]')) : [])
        card[input.getAttribute('data-openpay-card')!] = input.value;
      OpenPay.token.create(card, success, error);
    },
    create(card: CardFields, success?: Callback, error?: Callback) {
      if (!state.id || !state.key) {
        fail(
          error,
          0,
          { category: 'request', error_code: 1002, http_code: 401, description: 'OpenPay.setId y OpenPay.setApiKey son necesarios' },
          'Sin credenciales',
        );
        return;
      }
      const body = {
        card_number: digits(card?.card_number),
        holder_name: card?.holder_name,
        expiration_month: card?.expiration_month,
        expiration_year: card?.expiration_year,
        cvv2: card?.cvv2,
      };
      fetch(`${base}/v1/${encodeURIComponent(state.id)}/tokens`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa(`${state.key}:`)}` },
        body: JSON.stringify(body),
        credentials: 'omit',
      }).then(
        (response) =>
          response
            .json()
            .catch(() => null)
            .then((data: { description?: string } | null) => {
              if (response.ok && data) success?.({ data, status: response.status });
              else fail(error, response.status, data, data?.description || 'Error');
            }),
        () => fail(error, 0, { category: 'internal', error_code: 1004, http_code: 0, description: 'Sin conexión' }, 'Sin conexión'),
      );
    },
  },
  deviceData: {
    setup(formId?: string, hiddenFieldName?: string) {
      const sessionId = randomId();
      const form = formId ? document.getElementById(formId) : null;
      if (form) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = hiddenFieldName || 'deviceIdHiddenFieldName';
        input.id = input.name;
        input.value = sessionId;
        form.appendChild(input);
      }
      return sessionId;
    },
  },
  card: {
    validateCardNumber: (number: unknown) => luhnValid(digits(number)),
    validateCVC: (cvc: unknown, number?: unknown) => (cardType(number) === 'American Express' ? /^\d{4}$/ : /^\d{3}$/).test(String(cvc ?? '')),
    validateExpiry(month: unknown, year: unknown) {
      const m = Number(month);
      let y = Number(year);
      if (!(m >= 1 && m <= 12) || !(y >= 0)) return false;
      if (y < 100) y += 2000;
      const now = new Date();
      return y > now.getFullYear() || (y === now.getFullYear() && m >= now.getMonth() + 1);
    },
    cardType,
  },
};

(window as unknown as { OpenPay: typeof OpenPay }).OpenPay = OpenPay;
