import { cancelarReserva, getReserva, reservar, reservarGenerales, reservarInvitado } from '@taquilla/shared/api/reservas';
import { getEventoDetalle } from '@taquilla/shared/api/catalogo';

/**
 * The hold calls this remote makes, as one object so the hold logic gets them injected (tests
 * pass fakes; the app passes these). They come from the package root, the federation
 * singleton, so they share the shell's client (API key, token, base URL).
 */
export interface HoldsApi {
  reservar: typeof reservar;
  reservarInvitado: typeof reservarInvitado;
  reservarGenerales: typeof reservarGenerales;
  cancelarReserva: typeof cancelarReserva;
  getReserva: typeof getReserva;
  /** Whether the event still sells (date, shown on the web). */
  getEventoDetalle: typeof getEventoDetalle;
}

export const holdsApi: HoldsApi = { reservar, reservarInvitado, reservarGenerales, cancelarReserva, getReserva, getEventoDetalle };
