import { createContext, useContext } from 'react';
import { getReserva } from '@taquilla/shared/api/reservas';
import { isApiError } from '@taquilla/shared';
import { getDetalleSeccion, getEventoDetalle } from '@taquilla/shared/api/catalogo';
import {
  aplicarPromo,
  checkCargo,
  checkCargoInvitado,
  cotizar,
  getCredenciales,
  getResumenReserva,
  getReferenciaPdf,
  getTipoTarjeta,
  makeCargo,
  makeCargoInvitado,
  makeReferencia,
  makeReferenciaInvitado,
  reenviarBoletos,
  reenviarBoletosInvitado,
} from '@taquilla/shared/api/pagos';
import { validarClaveWeb } from '@taquilla/shared/api/promociones';
import { deleteTarjeta, getMiPerfilPago } from '@taquilla/shared/api/cuenta';
import { loadGateway } from './openpay';
import { celebrate } from '../lib/celebrate';

/** Everything the payment step reaches outside React; tests pass fakes through PaymentDepsContext. */
export const defaultPaymentDeps = {
  getEventoDetalle,
  getReserva,
  getDetalleSeccion,
  validarClaveWeb,
  aplicarPromo,
  getResumenReserva,
  cotizar,
  getCredenciales,
  loadGateway,
  getTipoTarjeta,
  makeCargo,
  makeCargoInvitado,
  makeReferencia,
  makeReferenciaInvitado,
  getReferenciaPdf,
  checkCargo,
  checkCargoInvitado,
  reenviarBoletos,
  reenviarBoletosInvitado,
  getMiPerfilPago,
  deleteTarjeta,
  celebrate,
  navigate: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
  now: () => new Date(),
};

export type PaymentDeps = typeof defaultPaymentDeps;

export const PaymentDepsContext = createContext<PaymentDeps>(defaultPaymentDeps);

export const usePaymentDeps = () => useContext(PaymentDepsContext);

/** The server's Spanish message, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
