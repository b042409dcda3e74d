/**
 * The sandbox's twin of Openpay.js + openpay-data.js, served at /sandbox/openpay.js. Same
 * surface (OpenPay.setId, setApiKey, setSandboxMode, getSandboxMode, token.create, token.extractFormAndCreate,
 * deviceData.setup, card.validate*), so the checkout code is the same for both gateways.
 * token.create posts the card to this server's sandbox token endpoint (same origin as the
 * script) with the public key as basic auth, like Openpay.js does with Openpay's servers.
 * Plain ES2017 with no dependencies: it runs as-is in the browser.
 */
export const SANDBOX_BROWSER_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, location.href).origin : location.origin;
  var state = { id: '', key: '', sandbox: false };

  function digits(value) { return String(value == null ? '' : value).replace(/[\\s-]/g, ''); }
  function luhn(number) {
    if (!/^\\d{12,19}$/.test(number)) return false;
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function cardType(number) {
    var n = digits(number);
    if (/^4/.test(n)) return 'Visa';
    if (/^(5[1-5]|2(2[2-9]|[3-6]\\d|7[01]|720))/.test(n)) return 'Mastercard';
    if (/^3[47]/.test(n)) return 'American Express';
    return '';
  }
  function randomId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  function fail(error, status, data, message) {
    if (typeof error === 'function') error({ data: data, status: status, message: message });
  }

  var OpenPay = {
    setId: function (id) { state.id = String(id); },
    getId: function () { return state.id; },
    setApiKey: function (key) { state.key = String(key); },
    getApiKey: function () { return state.key; },
    setSandboxMode: function (enabled) { state.sandbox = Boolean(enabled); },
    getSandboxMode: function () { return state.sandbox; },
    token: {
      /** Reads the inputs marked data-openpay-card="card_number|holder_name|expiration_month|expiration_year|cvv2". */
      extractFormAndCreate: function (form, success, error) {
        var element = typeof form === 'string' ? document.getElementById(form) : form;
        var card = {};
        var inputs = element ? element.querySelectorAll('[data-openpay-card]') : [];
        for (var i = 0; i < inputs.length; i++) card[inputs[i].getAttribute('data-openpay-card')] = inputs[i].value;
        OpenPay.token.create(card, success, error);
      },
      create: function (card, success, error) {
        if (!state.id || !state.key) {
          fail(error, 0, { category: 'request', error_code: 1002, http_code: 401, description: 'OpenPay.setId y OpenPay.setApiKey son necesarios' }, 'Sin credenciales');
          return;
        }
        var body = {
          card_number: digits(card && card.card_number),
          holder_name: card && card.holder_name,
          expiration_month: card && card.expiration_month,
          expiration_year: card && card.expiration_year,
          cvv2: card && card.cvv2
        };
        fetch(origin + '/sandbox/v1/' + encodeURIComponent(state.id) + '/tokens', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: 'Basic ' + btoa(state.key + ':') },
          body: JSON.stringify(body),
          credentials: 'omit'
        }).then(function (response) {
          return response.json().catch(function () { return null; }).then(function (data) {
            if (response.ok && data) { if (typeof success === 'function') success({ data: data, status: response.status }); }
            else fail(error, response.status, data, (data && data.description) || 'Error');
          });
        }, function () {
          fail(error, 0, { category: 'internal', error_code: 1004, http_code: 0, description: 'Sin conexión' }, 'Sin conexión');
        });
      }
    },
    deviceData: {
      setup: function (formId, hiddenFieldName) {
        var sessionId = randomId();
        var form = formId ? document.getElementById(formId) : null;
        if (form) {
          var input = document.createElement('input');
          input.type = 'hidden';
          input.name = hiddenFieldName || 'deviceIdHiddenFieldName';
          input.id = input.name;
          input.value = sessionId;
          form.appendChild(input);
        }
        return sessionId;
      }
    },
    card: {
      validateCardNumber: function (number) { return luhn(digits(number)); },
      validateCVC: function (cvc, number) {
        var c = String(cvc == null ? '' : cvc);
        return cardType(number) === 'American Express' ? /^\\d{4}$/.test(c) : /^\\d{3}$/.test(c);
      },
      validateExpiry: function (month, year) {
        var m = Number(month), y = Number(year);
        if (!(m >= 1 && m <= 12) || !(y >= 0)) return false;
        if (y < 100) y += 2000;
        var now = new Date();
        return y > now.getFullYear() || (y === now.getFullYear() && m >= now.getMonth() + 1);
      },
      cardType: cardType
    }
  };
  window.OpenPay = OpenPay;
})();
`;
