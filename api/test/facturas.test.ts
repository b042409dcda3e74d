import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { compraFacturableSchema, comprasFacturablesSchema, facturaEmitidaSchema } from '@taquilla/shared/schemas/facturas';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { convert } from 'xmlbuilder2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { pesos } from '../src/modules/facturacion/cfdi-xml';
import type { TestApp } from './support/app';
import { buildSandboxApp } from './support/sandbox';
import { createUser, pickEvento } from './support/reservas';
import { CARDS, ok, saleKit } from './support/sale';

/**
 * Facturas on request, through the API on the Openpay sandbox and the local fake PAC,
 * with the e-mail going to a real SMTP server on loopback (smtp-server). Runs on PGlite and,
 * with TEST_DB=pg, on PostgreSQL (the one-invoice-per-purchase race included).
 */
const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});

let t: TestApp;
let ev: Awaited<ReturnType<typeof pickEvento>>;
const { post, holdSeats, pay, guestSale } = saleKit(() => ({ t, eventoId: ev.eventoId, seccionId: ev.seccionId }));

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildSandboxApp({
    env: {
      HOLD_SWEEP_SECONDS: '0',
      HOLD_MINUTES: '10',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_HANDOVER_MS: '3000',
      FACTURA_SOLICITUDES_POR_IP: '1000',
      PUBLIC_URL: 'http://tienda.localhost:3000',
    },
  });
  ev = await pickEvento(t.database.db, 16);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const DATOS_FISICA = { rfc: 'gode561231gr8 ', razonSocial: 'Emilio Gómez Delgado', regimenFiscal: '612', codigoPostal: '44100', usoCfdi: 'G03' };
const DATOS_MORAL = { rfc: 'MAG041126GT8', razonSocial: 'Mi Agencia SA de CV', regimenFiscal: '601', codigoPostal: '06600', usoCfdi: 'G03' };

const get = (url: string, token?: string) => t.request({ url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
const facturasDe = async (reservaId: string) =>
  Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from facturas where reserva_id = ${reservaId}`))[0]!.n);
const totalDe = async (reservaId: string) =>
  Number((await queryRows<{ total: number }>(t.database.db, sql`select total from reservas where id = ${reservaId}`))[0]!.total);

async function memberSale(seats = 2) {
  const buyer = await createUser(t.database.db, t.app.config.jwtSecret);
  const { reservaId } = await holdSeats(seats, buyer.token);
  ok(await pay(reservaId, CARDS.APPROVED, { token: buyer.token }));
  return { buyer, reservaId };
}

async function waitForMail(to: string, subjectPart: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const mail = received.find((m) => m.to.includes(to) && m.raw.replace(/=\r\n/g, '').includes(subjectPart));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no llegó el correo a ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('facturas of a signed-in buyer (Mis compras)', () => {
  it('issues one CFDI 4.0: XML with the purchase in pesos and a TimbreFiscalDigital UUID, a PDF, both e-mailed over SMTP and downloadable', async () => {
    const { buyer, reservaId } = await memberSale(2);
    const total = await totalDe(reservaId);

    const lista = comprasFacturablesSchema.parse(ok(await get(`/facturas/eventos/${ev.eventoId}`, buyer.token)));
    expect(lista.compras).toHaveLength(1);
    expect(lista.compras[0]).toMatchObject({ reservaId, total, factura: null, disponible: true, motivo: null });

    const emitida = facturaEmitidaSchema.parse(ok(await post(`/facturas/compras/${reservaId}`, DATOS_FISICA, buyer.token)));
    expect(emitida.message).toBe(`Emitimos tu factura y la enviamos a ${buyer.email}.`);
    expect(emitida.factura).toMatchObject({
      rfc: 'GODE561231GR8',
      razonSocial: 'EMILIO GÓMEZ DELGADO',
      regimenFiscal: '612',
      codigoPostal: '44100',
      usoCfdi: 'G03',
      total,
      correo: buyer.email,
    });
    expect(emitida.factura.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);

    const xmlRes = await get(`/facturas/compras/${reservaId}/xml`, buyer.token);
    expect(xmlRes.statusCode).toBe(200);
    expect(xmlRes.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xmlRes.headers['content-disposition']).toBe(`attachment; filename="factura-${emitida.factura.uuid}.xml"`);
    expect(xmlRes.headers['cache-control']).toBe('no-store');
    const cfdi = (convert(xmlRes.body, { format: 'object' }) as Record<string, Record<string, unknown>>)['cfdi:Comprobante']!;
    expect(cfdi['@xmlns:cfdi']).toBe('http://www.sat.gob.mx/cfd/4');
    expect(cfdi).toMatchObject({
      '@Version': '4.0',
      '@Moneda': 'MXN',
      '@TipoDeComprobante': 'I',
      '@MetodoPago': 'PUE',
      '@FormaPago': '04',
      '@Total': pesos(total),
    });
    expect(cfdi['cfdi:Receptor']).toMatchObject({
      '@Rfc': 'GODE561231GR8',
      '@Nombre': 'EMILIO GÓMEZ DELGADO',
      '@DomicilioFiscalReceptor': '44100',
      '@RegimenFiscalReceptor': '612',
      '@UsoCFDI': 'G03',
    });
    expect(cfdi['cfdi:Emisor']).toMatchObject({ '@Rfc': 'EKU9003173C9', '@RegimenFiscal': '601' });
    const timbre = (cfdi['cfdi:Complemento'] as Record<string, Record<string, string>>)['tfd:TimbreFiscalDigital']!;
    expect(timbre).toMatchObject({ '@xmlns:tfd': 'http://www.sat.gob.mx/TimbreFiscalDigital', '@Version': '1.1', '@UUID': emitida.factura.uuid });
    // SubTotal − Descuento + IVA = Total, in pesos with two decimals.
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    const impuestos = (cfdi['cfdi:Impuestos'] as Record<string, string> | undefined)?.['@TotalImpuestosTrasladados'];
    expect(cents(cfdi['@SubTotal']) - cents(cfdi['@Descuento'] ?? '0') + cents(impuestos ?? '0')).toBe(total);
    expect(String(cfdi['@SubTotal'])).toMatch(/^\d+\.\d{2}$/);

    const pdfRes = await get(`/facturas/compras/${reservaId}/pdf`, buyer.token);
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const mail = await waitForMail(buyer.email, 'factura-');
    expect(mail.raw).toContain(`filename=factura-${emitida.factura.uuid}.xml`);
    expect(mail.raw).toContain(`filename=factura-${emitida.factura.uuid}.pdf`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);

    // Once: a second request is refused and the first invoice stays.
    const again = await post(`/facturas/compras/${reservaId}`, DATOS_MORAL, buyer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta compra ya tiene factura. Puedes descargarla en Mis compras o desde el enlace de tu correo.');
    expect(compraFacturableSchema.parse(ok(await get(`/facturas/compras/${reservaId}`, buyer.token))).factura?.uuid).toBe(emitida.factura.uuid);
  });

  it('someone else’s purchase reads as absent (404) on every route, files included, and nothing is issued', async () => {
    const { buyer, reservaId } = await memberSale(1);
    ok(await post(`/facturas/compras/${reservaId}`, DATOS_FISICA, buyer.token));
    const { reservaId: otraCompra } = await memberSale(1);
    const other = await createUser(t.database.db, t.app.config.jwtSecret);
    for (const url of [`/facturas/compras/${reservaId}`, `/facturas/compras/${reservaId}/xml`, `/facturas/compras/${reservaId}/pdf`]) {
      const res = await get(url, other.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('La compra no existe.');
    }
    const res = await post(`/facturas/compras/${otraCompra}`, DATOS_FISICA, other.token);
    expect(res.statusCode).toBe(404);
    expect(await facturasDe(otraCompra)).toBe(0);
    expect((await get(`/facturas/compras/${reservaId}`)).statusCode).toBe(401);
    expect((await get(`/facturas/compras/no-es-uuid`, buyer.token)).statusCode).toBe(400);
    expect((await get(`/facturas/compras/${reservaId}/docx`, buyer.token)).statusCode).toBe(400);
  });

  it('bad fiscal data: a Spanish reason for each, and nothing is stored', async () => {
    const { buyer, reservaId } = await memberSale(1);
    const cases: Array<[Record<string, string>, string]> = [
      [
        { ...DATOS_FISICA, rfc: 'GODE561231GR9' },
        'El RFC no es válido: el dígito verificador (último carácter) no corresponde. Revísalo en tu Constancia de Situación Fiscal.',
      ],
      [{ ...DATOS_FISICA, rfc: 'XAXX010101000' }, 'No podemos facturar a un RFC genérico (XAXX010101000 o XEXX010101000). Escribe tu propio RFC.'],
      [{ ...DATOS_FISICA, rfc: 'XEXX010101000' }, 'No podemos facturar a un RFC genérico (XAXX010101000 o XEXX010101000). Escribe tu propio RFC.'],
      [{ ...DATOS_FISICA, rfc: 'GODE56123' }, 'El RFC debe tener 13 caracteres (persona física) o 12 (persona moral), solo letras y números.'],
      [{ ...DATOS_FISICA, rfc: 'GODE561331GR8' }, 'La fecha dentro del RFC no es válida.'],
      [{ ...DATOS_MORAL, regimenFiscal: '605' }, 'Ese régimen fiscal es de personas físicas; tu RFC es de persona moral.'],
      [{ ...DATOS_FISICA, regimenFiscal: '601' }, 'Ese régimen fiscal es de personas morales; tu RFC es de persona física.'],
      [{ ...DATOS_MORAL, usoCfdi: 'D01' }, 'Ese uso del CFDI es solo para personas físicas.'],
      [{ ...DATOS_FISICA, regimenFiscal: '605', usoCfdi: 'G03' }, 'El uso del CFDI G03 no corresponde al régimen fiscal 605.'],
      [{ ...DATOS_FISICA, regimenFiscal: '999' }, 'Elige un régimen fiscal del catálogo del SAT.'],
      [{ ...DATOS_FISICA, usoCfdi: 'CP01' }, 'Elige un uso del CFDI del catálogo del SAT.'],
      [{ ...DATOS_FISICA, codigoPostal: '4410' }, 'El código postal debe tener 5 dígitos.'],
      [{ ...DATOS_FISICA, razonSocial: '   ' }, 'Escribe tu nombre o razón social, como aparece en tu Constancia de Situación Fiscal.'],
      [
        { ...DATOS_FISICA, razonSocial: 'Emilio <script>' },
        "El nombre o razón social solo puede llevar letras, números, espacios y los signos & . , ' - ( ) /.",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(`/facturas/compras/${reservaId}`, body, buyer.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // Shape errors (schema) answer a list of messages, the fiscal checks one message.
      expect([res.json().message].flat(), JSON.stringify(body)).toEqual([message]);
    }
    expect((await post(`/facturas/compras/${reservaId}`, { rfc: 1 }, buyer.token)).statusCode).toBe(400);
    expect(await facturasDe(reservaId)).toBe(0);
    // A persona física with D10 and 605 is fine.
    ok(await post(`/facturas/compras/${reservaId}`, { ...DATOS_FISICA, regimenFiscal: '605', usoCfdi: 'D10' }, buyer.token));
  });

  it('concurrent requests for one purchase: exactly one invoice, the others are refused', async () => {
    const { buyer, reservaId } = await memberSale(1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(`/facturas/compras/${reservaId}`, DATOS_MORAL, buyer.token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect([
        'Esta compra ya tiene factura. Puedes descargarla en Mis compras o desde el enlace de tu correo.',
        'Ya estamos emitiendo la factura de esta compra. Espera un momento y vuelve a consultarla.',
      ]).toContain(a.json().message);
    }
    expect(await facturasDe(reservaId)).toBe(1);
  });

  it('a refunded purchase, and one whose calendar month is over, cannot be invoiced', async () => {
    const { buyer, reservaId } = await memberSale(1);
    await t.database.db.execute(sql`update cargos set estado = 'reembolsado' where reserva_id = ${reservaId}`);
    const refunded = await post(`/facturas/compras/${reservaId}`, DATOS_FISICA, buyer.token);
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toBe('Esta compra fue reembolsada, así que no se puede facturar.');
    expect(compraFacturableSchema.parse(ok(await get(`/facturas/compras/${reservaId}`, buyer.token)))).toMatchObject({
      disponible: false,
      motivo: 'Esta compra fue reembolsada, así que no se puede facturar.',
    });

    const late = await memberSale(1);
    // Paid in the previous calendar month (Mexico City): 40 days ago is always before this month.
    await t.database.db.execute(sql`update boletos set created_at = now() - interval '40 days' where reserva_id = ${late.reservaId}`);
    const res = await post(`/facturas/compras/${late.reservaId}`, DATOS_FISICA, late.buyer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La factura de una compra se pide dentro del mismo mes calendario de la compra, y ese plazo ya terminó.');
    expect(await facturasDe(reservaId)).toBe(0);
    expect(await facturasDe(late.reservaId)).toBe(0);
  });
});

describe('facturas of a guest (the tickets e-mail link)', () => {
  it('the tickets e-mail links to the factura page; the guest ids request, download, and e-mail it; other ids get 404', async () => {
    const sale = await guestSale();
    const tickets = await waitForMail(sale.correo, 'Pide tu factura');
    expect(tickets.raw.replace(/=\r\n/g, '')).toContain(`http://tienda.localhost:3000/factura/${sale.invitadoId}/${sale.reservaId}`);

    const base = `/facturas/invitado/${sale.invitadoId}/${sale.reservaId}`;
    expect(compraFacturableSchema.parse(ok(await get(base))).disponible).toBe(true);
    for (const url of [`/facturas/invitado/${randomUUID()}/${sale.reservaId}`, `/facturas/invitado/${sale.invitadoId}/${randomUUID()}`]) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await post(url, DATOS_FISICA)).statusCode, url).toBe(404);
    }
    expect(await facturasDe(sale.reservaId)).toBe(0);
    const emitida = facturaEmitidaSchema.parse(ok(await post(base, DATOS_MORAL)));
    expect(emitida.factura.correo).toBe(sale.correo);
    const xml = await get(`${base}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`UUID="${emitida.factura.uuid}"`);
    expect((await get(`/facturas/invitado/${randomUUID()}/${sale.reservaId}/pdf`)).statusCode).toBe(404);
    expect((await get(`${base}/pdf`)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await waitForMail(sale.correo, `factura-${emitida.factura.uuid}.pdf`);
    expect(mail.raw.replace(/=\r\n/g, '')).toContain(`/factura/${sale.invitadoId}/${sale.reservaId}`);
  });
});
