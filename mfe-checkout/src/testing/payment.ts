import { vi } from 'vitest';
import type { EventoDetalle, DetalleSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import type { Promocion } from '@taquilla/shared/schemas/promociones';
import type {
  Cotizacion,
  CotizarPayload,
  MakeCargoPayload,
  MakeCargoResponse,
  MakeReferenciaPayload,
  MakeReferenciaResponse,
  ResumenReserva,
  TipoTarjeta,
  TipoTarjetaPayload,
} from '@taquilla/shared/schemas/pagos';
import { defaultPaymentDeps, type PaymentDeps } from '../features/payment/api/deps';
import { RESERVA_ID, reservaDetalle } from './holds';
import type { PerfilPago, TarjetaGuardada } from '@taquilla/shared/schemas/cuenta';

export function promocion(over: Partial<Promocion> = {}): Promocion {
  return {
    id: 5,
    nombre: 'Preventa',
    tipo: 'PORCENTAJE',
    porcentaje: 1000,
    cantidadCompra: null,
    cantidadPaga: null,
    aplicaTodoEvento: true,
    categorias: [],
    clave: null,
    automatica: true,
    ...over,
  };
}

/** 10 % service, 3 % card, no IVA; section 9 'Platea' with two VIP seats at $1,500. */
export const evento = {
  id: 1,
  nombre: 'Concierto de prueba',
  recinto: { nombre: 'Auditorio Central' },
  usoDeTarjeta: 300,
  usoDeServicio: 1000,
  ivaRate: 1600,
  isIvaApplied: false,
  udsPorCategoria: false,
  mostrarWeb: true,
  fecha: '2026-12-01T02:00:00.000Z',
} as unknown as EventoDetalle;

const detalleSeccion = {
  secciones: [{ id: 9, nombre: 'Platea', nombreEspecial: null, uds: null, precioSeccion: 150_000 }],
  preciosCategorias: [],
  categoriasEvento: [],
} as unknown as DetalleSeccionResponse;

/** The server's quote of two VIP seats at $1,500 (10 % service, 3 % card, no IVA). */
export function cotizacion(over: Partial<Cotizacion> = {}): Cotizacion {
  return { subtotal: 300_000, descuento: 0, boletosGratis: 0, cargoServicio: 30_000, cargoTarjeta: 9_000, iva: 0, total: 339_000, promocion: null, ...over };
}

export function cargo(over: Partial<MakeCargoResponse> = {}): MakeCargoResponse {
  return {
    cargo: { id: 'tr_1', status: 'completed', pagado: true },
    boletos: [],
    total: 339_000,
    evento: { id: 1, nombre: 'Concierto de prueba', recinto: 'Auditorio Central', fecha: '2026-12-01T02:00:00.000Z' },
    ...over,
  };
}

/** Payment deps whose every outside call is a vi.fn answering a seat hold of two VIP seats. */
/** A saved card as GET /pagos/get/mi_perfil lists it. */
/** A cash reference as make/referencia answers it. */
export function referencia(over: Partial<MakeReferenciaResponse> = {}): MakeReferenciaResponse {
  return {
    cargo: { id: 'tr_ref', status: 'in_progress', pagado: false },
    instrucciones: { metodo: 'efectivo', referencia: '91234567890123456789', codigoBarrasUrl: 'http://localhost/sandbox/codigo/91234567890123456789.png' },
    vence: '2026-11-28T16:00:00.000Z',
    total: 339_000,
    evento: { id: 1, nombre: 'Concierto de prueba', recinto: 'Auditorio Central', fecha: '2026-12-20T03:00:00.000Z' },
    correo: 'ana@ejemplo.mx',
    pdfUrl: `/pagos/referencia/${RESERVA_ID}/pdf`,
    message: 'Tu referencia está lista. Págala en efectivo en la tienda antes de que venza; te enviamos tus boletos por correo al recibir el pago.',
    ...over,
  };
}

export function tarjeta(over: Partial<TarjetaGuardada> = {}): TarjetaGuardada {
  return { id: 1, idtarjeta: 'card_visa', tarjeta: '411111XXXXXX1111', banco: 'BBVA', marca: 'visa', tipo: 'credit', nombreEnTarjeta: 'Ana Prueba', ...over };
}

export function fakePaymentDeps() {
  const gateway = { deviceSessionId: 'dev-1', tokenize: vi.fn(async () => 'tok_1') };
  const deps = {
    ...defaultPaymentDeps,
    getEventoDetalle: vi.fn(async () => evento),
    getReserva: vi.fn(async () => reservaDetalle()),
    getDetalleSeccion: vi.fn(async () => detalleSeccion),
    getResumenReserva: vi.fn(async (_eventoId: string | number, reservaId: string): Promise<ResumenReserva> => ({ ...cotizacion(), reservaId })),
    validarClaveWeb: vi.fn(),
    aplicarPromo: vi.fn(),
    cotizar: vi.fn(async (_eventoId: string | number, _payload: CotizarPayload, _signal?: AbortSignal): Promise<Cotizacion> => cotizacion()),
    getCredenciales: vi.fn(async () => ({
      merchantId: 'm',
      publicKey: 'pk',
      sandbox: true,
      proveedor: 'sandbox' as const,
      scriptUrls: ['http://localhost/sandbox/openpay.js'],
    })),
    loadGateway: vi.fn(async () => gateway),
    getTipoTarjeta: vi.fn(async (_payload: TipoTarjetaPayload): Promise<TipoTarjeta> => ({ tipo: 'credit', marca: 'visa', banco: 'BBVA', admiteMsi: true })),
    makeCargo: vi.fn(async (_payload: MakeCargoPayload) => cargo()),
    makeCargoInvitado: vi.fn(async (_payload: MakeCargoPayload) => cargo({ invitadoId: '0b5e8c8e-9d0f-4f57-8a57-6c3d1b1f0a11' })),
    makeReferencia: vi.fn(async (_payload: MakeReferenciaPayload) => referencia()),
    makeReferenciaInvitado: vi.fn(async (_payload: MakeReferenciaPayload) => referencia()),
    getReferenciaPdf: vi.fn(async (_pdfUrl: string) => new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
    checkCargo: vi.fn(),
    checkCargoInvitado: vi.fn(),
    reenviarBoletos: vi.fn(async (_reservaId: string) => ({ message: 'Te enviamos tus boletos por correo.', user: { email: 'ana@ejemplo.mx' } })),
    reenviarBoletosInvitado: vi.fn(async (_invitadoId: string, _reservaId: string) => ({
      message: 'Te enviamos tus boletos por correo.',
      user: { email: 'invitada@ejemplo.mx' },
    })),
    getMiPerfilPago: vi.fn(async (): Promise<PerfilPago> => ({ idOpenpay: null, tarjetas: [], usuario: { email: 'ana@ejemplo.mx' } })),
    deleteTarjeta: vi.fn(async (_idOpenpay: string, _idtarjeta: string) => ({ message: 'Tarjeta eliminada correctamente.' })),
    celebrate: vi.fn(),
    navigate: vi.fn(),
    reload: vi.fn(),
    now: () => new Date('2026-11-26T10:00:00.000Z'),
  } satisfies PaymentDeps;
  return { deps, gateway };
}

export { RESERVA_ID };
