import type { CompraFacturable, Factura, FacturaEmitida, SolicitarFacturaPayload } from '@taquilla/shared/schemas/facturas';
import { motivoCatalogo } from '@taquilla/shared/sat-catalogos';
import type { Db } from '../../db/client';
import { DomainError, ERRORS } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import { conceptosDeCompra } from './conceptos';
import { ZONA_FACTURACION, type FacturacionConfig } from './facturacion.config';
import { facturaEmail } from './facturacion.email';
import * as repo from './facturacion.repository';
import { InvoicingError, type InvoicingProvider } from './invoicing.types';
import { fechaLocal, finDelMes } from './plazo';
import { validarRfc } from './rfc';

export type { Propietario } from './facturacion.repository';

export interface FacturacionDeps {
  db: Db;
  config: FacturacionConfig;
  provider: InvoicingProvider | null;
  mailer: Mailer | undefined;
  /** Storefront origin, for the link in the e-mail. */
  publicUrl: string;
  now?: () => Date;
}

/** c_FormaPago of a charge's method (cards are taken as credit: the gateway does not tell debit here). */
const FORMA_PAGO: Record<string, string> = {
  tarjeta: '04',
  credito: '04',
  debito: '28',
  efectivo: '01',
  tienda: '01',
  store: '01',
  spei: '03',
  bank_account: '03',
};

/** Why this purchase cannot be invoiced now, as an error code (null: it can). */
function motivo(c: repo.CompraRow, ahora: Date): keyof typeof ERRORS | null {
  if (!c.metodoPago) return c.reembolsada ? 'FACTURA_COMPRA_REEMBOLSADA' : 'COMPRA_NO_ENCONTRADA';
  if (c.estado !== 'vendida') return 'COMPRA_NO_ENCONTRADA';
  if (c.total <= 0) return 'FACTURA_SIN_IMPORTE';
  if (!c.pagadoEn || ahora >= finDelMes(c.pagadoEn, ZONA_FACTURACION)) return 'FACTURA_FUERA_DE_PLAZO';
  return null;
}

function facturaDto(f: repo.FacturaRow): Factura {
  return {
    id: f.id,
    uuid: f.uuidFiscal!,
    rfc: f.rfc,
    razonSocial: f.razonSocial,
    regimenFiscal: f.regimenFiscal,
    codigoPostal: f.codigoPostal,
    usoCfdi: f.usoCfdi,
    total: f.total,
    correo: f.correo,
    emitidaEn: f.emitidaEn!.toISOString(),
  };
}

function compraDto(c: repo.CompraRow, f: repo.FacturaRow | undefined, ahora: Date): CompraFacturable {
  const emitida = f?.estado === 'emitida' ? f : undefined;
  const code = emitida ? null : f ? 'FACTURA_EN_PROCESO' : motivo(c, ahora);
  const pagadoEn = c.pagadoEn ?? ahora;
  return {
    reservaId: c.reservaId,
    fecha: pagadoEn.toISOString(),
    total: c.total,
    evento: { id: c.eventoId, nombre: c.eventoNombre },
    factura: emitida ? facturaDto(emitida) : null,
    disponible: !emitida && code === null,
    motivo: code ? ERRORS[code].message : null,
    fechaLimite: new Date(finDelMes(pagadoEn, ZONA_FACTURACION).getTime() - 1000).toISOString(),
  };
}

async function compraDe(db: Db, reservaId: string, p: repo.Propietario): Promise<repo.CompraRow> {
  const c = await repo.findCompra(db, reservaId, p);
  if (!c || (c.estado !== 'vendida' && !c.reembolsada)) throw new DomainError('COMPRA_NO_ENCONTRADA');
  return c;
}

/** GET …/factura: one purchase of the caller and where it stands. */
export async function estadoFactura(deps: FacturacionDeps, reservaId: string, p: repo.Propietario): Promise<CompraFacturable> {
  const c = await compraDe(deps.db, reservaId, p);
  return compraDto(c, (await repo.facturasDe(deps.db, [c.reservaId])).get(c.reservaId), deps.now?.() ?? new Date());
}

/** GET /facturas/eventos/{id}: the caller's purchases of an event (Mis compras). */
export async function facturasDeEvento(deps: FacturacionDeps, eventoId: number, p: repo.Propietario): Promise<{ compras: CompraFacturable[] }> {
  const compras = await repo.listComprasDeEvento(deps.db, eventoId, p);
  const facturas = await repo.facturasDe(
    deps.db,
    compras.map((c) => c.reservaId),
  );
  const ahora = deps.now?.() ?? new Date();
  return { compras: compras.map((c) => compraDto(c, facturas.get(c.reservaId), ahora)) };
}

/** The receptor data, checked: RFC (format, date, check digit, not generic), razón social, catalogue fit. */
export function receptorValido(body: SolicitarFacturaPayload) {
  const rfc = validarRfc(body.rfc);
  if (!rfc.ok) throw new DomainError('FACTURA_DATOS_INVALIDOS', rfc.message);
  // CFDI 4.0 wants the name as the Constancia de Situación Fiscal writes it: upper case, single spaces.
  const razonSocial = body.razonSocial.replace(/\s+/g, ' ').trim().toUpperCase();
  if (!/^[A-ZÁÉÍÓÚÜÑ0-9 &.,'\-()/]+$/.test(razonSocial)) {
    throw new DomainError('FACTURA_DATOS_INVALIDOS', "El nombre o razón social solo puede llevar letras, números, espacios y los signos & . , ' - ( ) /.");
  }
  const fuera = motivoCatalogo(rfc.tipo, body.regimenFiscal, body.usoCfdi);
  if (fuera) throw new DomainError('FACTURA_DATOS_INVALIDOS', fuera);
  return { rfc: rfc.rfc, razonSocial, regimenFiscal: body.regimenFiscal, codigoPostal: body.codigoPostal, usoCfdi: body.usoCfdi };
}

/**
 * POST …/factura: checks the purchase (the caller's, paid, not refunded, in its month, not
 * invoiced) and the receptor, claims the purchase's single invoice row (the unique index: of
 * concurrent requests one goes on, the others are told it is being issued), has the provider
 * stamp the CFDI, stores XML + PDF and queues the e-mail with both in one transaction. A
 * provider refusal frees the row again and changes nothing else.
 */
export async function solicitarFactura(deps: FacturacionDeps, reservaId: string, p: repo.Propietario, body: SolicitarFacturaPayload): Promise<FacturaEmitida> {
  const { db } = deps;
  const c = await compraDe(db, reservaId, p);
  const existente = (await repo.facturasDe(db, [c.reservaId])).get(c.reservaId);
  if (existente) throw new DomainError(existente.estado === 'emitida' ? 'FACTURA_YA_EMITIDA' : 'FACTURA_EN_PROCESO');
  const ahora = deps.now?.() ?? new Date();
  const code = motivo(c, ahora);
  if (code) throw new DomainError(code);
  if (deps.config.proveedor !== 'local' || !deps.provider) throw new DomainError('FACTURACION_NO_DISPONIBLE');
  const receptor = receptorValido(body);

  const id = await repo.reservarFactura(db, { reservaId: c.reservaId, ...receptor, correo: c.correo, total: c.total, proveedor: deps.provider.name });
  if (!id) {
    const otra = (await repo.facturasDe(db, [c.reservaId])).get(c.reservaId);
    throw new DomainError(otra?.estado === 'emitida' ? 'FACTURA_YA_EMITIDA' : 'FACTURA_EN_PROCESO');
  }
  try {
    const lineas = (await repo.lineasDeCompra(db, c.reservaId)).map((l) => ({
      descripcion: `Boleto ${c.eventoNombre} · ${l.seccion}${l.categoria ? ` · ${l.categoria}` : ''}`,
      cantidad: l.cantidad,
      precio: l.precio,
    }));
    const importes = conceptosDeCompra(lineas, c, c.ivaBps);
    const timbrado = await deps.provider.crearCfdi({
      serie: deps.config.serie,
      folio: id.slice(0, 8).toUpperCase(),
      fecha: fechaLocal(ahora, ZONA_FACTURACION),
      formaPago: FORMA_PAGO[c.metodoPago!] ?? '04',
      metodoPago: 'PUE',
      lugarExpedicion: deps.config.lugarExpedicion,
      emisor: deps.config.emisor,
      receptor: {
        rfc: receptor.rfc,
        nombre: receptor.razonSocial,
        domicilioFiscal: receptor.codigoPostal,
        regimenFiscal: receptor.regimenFiscal,
        usoCfdi: receptor.usoCfdi,
      },
      conceptos: importes.conceptos,
      subtotal: importes.subtotal,
      descuento: importes.descuento,
      totalImpuestosTrasladados: importes.iva,
      total: importes.total,
    });
    const [xml, pdf] = await Promise.all([deps.provider.obtenerXml(timbrado.id), deps.provider.obtenerPdf(timbrado.id)]);
    const link = `${deps.publicUrl.replace(/\/+$/, '')}${p.invitadoId ? `/factura/${p.invitadoId}/${c.reservaId}` : `/perfil/mis_compras/${c.eventoId}`}`;
    const { factura, correoId } = await db.transaction(async (tx) => {
      const factura = await repo.marcarEmitida(tx, id, { proveedorId: timbrado.id, uuidFiscal: timbrado.uuid, xml, pdf });
      const mail = facturaEmail({
        to: c.correo,
        evento: c.eventoNombre,
        rfc: factura.rfc,
        razonSocial: factura.razonSocial,
        uuid: timbrado.uuid,
        total: c.total,
        xml,
        pdf,
        link,
      });
      return { factura, correoId: deps.mailer ? await deps.mailer.enqueue(tx, mail) : null };
    });
    if (correoId) deps.mailer!.deliverInBackground(correoId);
    return { message: `Emitimos tu factura y la enviamos a ${c.correo}.`, factura: facturaDto(factura) };
  } catch (err) {
    await repo.soltarFactura(db, id);
    if (err instanceof InvoicingError) throw new DomainError('FACTURA_PROVEEDOR', err.permanent ? err.message : undefined);
    throw err;
  }
}

/** GET …/factura/xml|pdf: the stored file of the caller's invoiced purchase. */
export async function archivoFactura(deps: FacturacionDeps, reservaId: string, p: repo.Propietario, formato: 'xml' | 'pdf') {
  const c = await compraDe(deps.db, reservaId, p);
  const archivo = await repo.archivoDeFactura(deps.db, c.reservaId, formato);
  if (!archivo) throw new DomainError('FACTURA_NO_ENCONTRADA');
  return archivo;
}
