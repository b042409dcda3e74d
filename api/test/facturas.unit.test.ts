import fc from 'fast-check';
import { computeTotals } from '@taquilla/shared/money';
import { motivoCatalogo, REGIMENES_FISCALES, USOS_CFDI, regimenesPara, usosPara } from '@taquilla/shared/sat-catalogos';
import { convert } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import { cfdiXml, pesos } from '../src/modules/facturacion/cfdi-xml';
import { conceptosDeCompra, repartir } from '../src/modules/facturacion/conceptos';
import type { CfdiSolicitud } from '../src/modules/facturacion/invoicing.types';
import { LocalPac } from '../src/modules/facturacion/local-pac';
import { fechaLocal, finDelMes } from '../src/modules/facturacion/plazo';
import { validarRfc } from '../src/modules/facturacion/rfc';
import { receptorValido } from '../src/modules/facturacion/facturacion.service';
import { DomainError } from '../src/lib/errors';

/** The SAT's check digit, written here from the published algorithm as an oracle independent of validate-rfc. */
const TABLA = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
function digitoVerificador(base: string): string {
  const doce = base.padStart(12, ' ');
  const suma = [...doce].reduce((acc, c, i) => acc + TABLA.indexOf(c) * (13 - i), 0);
  const r = suma % 11;
  return r === 0 ? '0' : r === 1 ? 'A' : String(11 - r);
}

const letra = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWYZ'.split(''));
const homo = fc.constantFrom(...'ABCDEFGHIJKLMNPQRSTUVWXYZ123456789'.split(''));
const fecha = fc
  .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(2, 10).replace(/-/g, ''));
/** A persona física (4 letters) or moral (3) RFC body, with 'Q' as a second letter so no inconvenient word can form. */
const base = fc
  .tuple(fc.boolean(), letra, fc.array(letra, { minLength: 2, maxLength: 2 }), fecha, homo, homo)
  .map(([fisica, a, rest, f, h1, h2]) => `${a}Q${rest.slice(0, fisica ? 2 : 1).join('')}${f}${h1}${h2}`);

describe('validarRfc (validate-rfc + the generic RFCs + Spanish reasons)', () => {
  it('known RFCs: persona física 13, moral 12; lower case and spaces around are accepted', () => {
    expect(validarRfc('GODE561231GR8')).toEqual({ ok: true, rfc: 'GODE561231GR8', tipo: 'fisica' });
    expect(validarRfc(' mag041126gt8 ')).toEqual({ ok: true, rfc: 'MAG041126GT8', tipo: 'moral' });
    expect(validarRfc('EKU9003173C9')).toEqual({ ok: true, rfc: 'EKU9003173C9', tipo: 'moral' });
  });

  it('refuses the generic RFCs, symbols inside, wrong lengths, impossible dates', () => {
    for (const rfc of ['XAXX010101000', 'XEXX010101000', 'xaxx010101000'])
      expect(validarRfc(rfc)).toMatchObject({ ok: false, message: expect.stringContaining('RFC genérico') });
    for (const rfc of ['GODE-561231-GR8', 'GODE561231GR', 'GODE561231GR80', '']) expect(validarRfc(rfc).ok).toBe(false);
    expect(validarRfc('GODE561331GR8')).toEqual({ ok: false, message: 'La fecha dentro del RFC no es válida.' });
  });

  it('property: the SAT check digit is accepted and every other last character is refused', () => {
    fc.assert(
      fc.property(base, fc.constantFrom(...'0123456789A'.split('')), (b, otro) => {
        const bueno = digitoVerificador(b);
        const ok = validarRfc(b + bueno);
        expect(ok).toEqual({ ok: true, rfc: b + bueno, tipo: b.length === 12 ? 'fisica' : 'moral' });
        if (otro !== bueno) expect(validarRfc(b + otro)).toEqual({ ok: false, message: expect.stringContaining('dígito verificador') });
      }),
      { numRuns: 300 },
    );
  });
});

describe('whatever a client sends', () => {
  it('property: the receptor check answers valid data or a DomainError with a Spanish message, never anything else', () => {
    const texto = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('GODE561231GR8', 'MAG041126GT8', 'ÑAÑ041126GT8', '&&&041126GT8', '601', 'G03'),
    );
    fc.assert(
      fc.property(texto, texto, texto, texto, (rfc, razonSocial, regimenFiscal, usoCfdi) => {
        try {
          const r = receptorValido({ rfc, razonSocial, regimenFiscal, codigoPostal: '06600', usoCfdi });
          expect(validarRfc(r.rfc).ok).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(DomainError);
          expect((err as DomainError).status).toBe(400);
          expect((err as Error).message).toMatch(/^[A-ZÉÍÓÚ¿]|^Ese|^El|^La|^No|^Elige/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('SAT catalogues (c_RegimenFiscal, c_UsoCFDI)', () => {
  it('every uso names regímenes of the catalogue, and the selects only offer combinations the check accepts', () => {
    const claves = new Set(REGIMENES_FISCALES.map((r) => r.clave));
    for (const u of USOS_CFDI) for (const r of u.regimenes) expect(claves.has(r), `${u.clave}→${r}`).toBe(true);
    for (const tipo of ['fisica', 'moral'] as const) {
      for (const r of regimenesPara(tipo)) for (const u of usosPara(tipo, r.clave)) expect(motivoCatalogo(tipo, r.clave, u.clave)).toBeNull();
    }
    expect(usosPara('moral', '601').map((u) => u.clave)).not.toContain('D01');
    expect(usosPara('fisica', '616').map((u) => u.clave)).toEqual(['S01']);
  });

  it('property: a combination is accepted exactly when persona type, régimen and uso all fit', () => {
    const claveR = fc.constantFrom(...REGIMENES_FISCALES.map((r) => r.clave), '999');
    const claveU = fc.constantFrom(...USOS_CFDI.map((u) => u.clave), 'CP01');
    fc.assert(
      fc.property(fc.constantFrom('fisica' as const, 'moral' as const), claveR, claveU, (tipo, r, u) => {
        const reg = REGIMENES_FISCALES.find((x) => x.clave === r);
        const uso = USOS_CFDI.find((x) => x.clave === u);
        const encaja = Boolean(reg && uso && reg[tipo] && uso[tipo] && uso.regimenes.includes(r));
        expect(motivoCatalogo(tipo, r, u) === null).toBe(encaja);
      }),
    );
  });
});

const EMISOR = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
function solicitud(lineas: Array<{ cantidad: number; precio: number }>, t: ReturnType<typeof computeTotals>, ivaBps: number): CfdiSolicitud {
  const c = conceptosDeCompra(
    lineas.map((l, i) => ({ descripcion: `Boleto Sección ${i + 1}`, ...l })),
    t,
    ivaBps,
  );
  return {
    serie: 'TQ',
    folio: 'ABC12345',
    fecha: '2026-11-28T10:00:00',
    formaPago: '04',
    metodoPago: 'PUE',
    lugarExpedicion: '06000',
    emisor: EMISOR,
    receptor: { rfc: 'GODE561231GR8', nombre: 'EMILIO GÓMEZ & HIJOS <S.A.>', domicilioFiscal: '44100', regimenFiscal: '612', usoCfdi: 'G03' },
    conceptos: c.conceptos,
    subtotal: c.subtotal,
    descuento: c.descuento,
    totalImpuestosTrasladados: c.iva,
    total: c.total,
  };
}

describe('conceptos of a purchase and the local fake PAC', () => {
  it('pesos: centavos as two decimals', () => {
    expect([0, 5, 100, 123456, 99].map(pesos)).toEqual(['0.00', '0.05', '1.00', '1234.56', '0.99']);
    expect(() => pesos(1.5)).toThrow(RangeError);
    expect(repartir(10, [1, 1, 1])).toEqual([4, 3, 3]);
  });

  it('property: the conceptos of any purchase add up to what was charged, each IVA within a centavo of its base × rate, and the fake PAC stamps it', async () => {
    const linea = fc.record({ cantidad: fc.integer({ min: 1, max: 8 }), precio: fc.integer({ min: 0, max: 500_000 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(linea, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (lineas, ivaBps, tarjetaBps, ivaAplicado, desc) => {
          const cart = lineas.flatMap((l, i) =>
            Array.from({ length: l.cantidad }, (_, k) => ({ id: i * 10 + k, precio: l.precio, categoria: `c:${i}`, servicioBps: 1000 })),
          );
          const base = computeTotals(cart, { tarjetaBps, ivaBps, ivaAplicado });
          // A discount anywhere up to the subtotal; IVA as the sale computes it on the rest.
          const descuento = Math.floor(base.subtotal * desc);
          const neto = base.subtotal - descuento;
          const iva = ivaAplicado ? Math.floor((neto * ivaBps + 5_000) / 10_000) : 0;
          const t = { ...base, descuento, iva, total: neto + base.cargoServicio + base.cargoTarjeta + iva };
          const s = solicitud(lineas, t, ivaBps);
          expect(s.total).toBe(t.total);
          for (const c of s.conceptos) for (const tr of c.traslados) expect(Math.abs(tr.importe - (tr.base * tr.tasaBps) / 10_000)).toBeLessThanOrEqual(1);
          if (s.total > 0) await new LocalPac().crearCfdi(s);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('the fake PAC: well-formed CFDI 4.0 XML with escaped values, a TimbreFiscalDigital, a PDF; it refuses sums that do not add up', async () => {
    const t = { subtotal: 200_000, descuento: 20_000, boletosGratis: 0, cargoServicio: 18_000, cargoTarjeta: 6_300, iva: 28_800, total: 233_100 };
    const s = solicitud([{ cantidad: 2, precio: 100_000 }], t, 1600);
    const pac = new LocalPac();
    const timbrado = await pac.crearCfdi(s);
    const xml = await pac.obtenerXml(timbrado.id);
    expect(xml).toContain('Nombre="EMILIO GÓMEZ &amp; HIJOS &lt;S.A.&gt;"');
    // biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree walked by attribute names
    const obj = convert(xml, { format: 'object' }) as Record<string, Record<string, any>>;
    const c = obj['cfdi:Comprobante']!;
    expect(c).toMatchObject({ '@Version': '4.0', '@SubTotal': '2243.00', '@Descuento': '200.00', '@Total': '2331.00', '@Exportacion': '01' });
    expect(c['cfdi:Impuestos']).toMatchObject({ '@TotalImpuestosTrasladados': '288.00' });
    expect(c['cfdi:Complemento']['tfd:TimbreFiscalDigital']['@UUID']).toBe(timbrado.uuid);
    const conceptos = c['cfdi:Conceptos']['cfdi:Concepto'];
    expect(conceptos).toHaveLength(3);
    expect(conceptos[0]).toMatchObject({ '@Cantidad': '2', '@ValorUnitario': '1000.00', '@Importe': '2000.00', '@Descuento': '200.00', '@ObjetoImp': '02' });
    expect(conceptos[1]).toMatchObject({ '@Descripcion': 'Cargo por servicio', '@ObjetoImp': '01' });
    expect((await pac.obtenerPdf(timbrado.id)).subarray(0, 5).toString()).toBe('%PDF-');
    await pac.cancelar(timbrado.id, '02');
    await expect(pac.cancelar(timbrado.id, '02')).rejects.toThrow('El CFDI ya estaba cancelado.');
    await expect(pac.crearCfdi({ ...s, total: s.total + 1 })).rejects.toThrow(/CFDI40119/);
    expect(cfdiXml(s, { noCertificado: '1', certificado: 'x', sello: 'y' })).not.toContain('TimbreFiscalDigital');
  });
});

describe('the month rule (Mexico City)', () => {
  it('a purchase may be invoiced until its calendar month ends there', () => {
    const zona = 'America/Mexico_City';
    // 31 Mar 2026 23:30 in Mexico City (UTC−6) is already April in UTC: still March's month.
    expect(finDelMes(new Date('2026-04-01T05:30:00Z'), zona).toISOString()).toBe('2026-04-01T06:00:00.000Z');
    expect(finDelMes(new Date('2026-04-01T06:00:00Z'), zona).toISOString()).toBe('2026-05-01T06:00:00.000Z');
    expect(finDelMes(new Date('2026-12-15T12:00:00Z'), zona).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(fechaLocal(new Date('2026-04-01T05:30:00Z'), zona)).toBe('2026-03-31T23:30:00');
  });
});
