/**
 * @taquilla/shared root entry — a federation singleton, so it holds only runtime-light, stateful
 * things every remote must share one copy of. Zod schemas live at `@taquilla/shared/schemas/<area>`
 * and stay out of this entry (first-load budget).
 */
export { bus, CHECKOUT_SUMMARY_ID } from './bus';
export type { AsientoSeleccionado, Bus, BusEvents, ToastKind } from './bus';

export {
  authAtom,
  appAtom,
  store,
  initialAuthState,
  initialAppState,
  TOKEN_STORAGE_KEY,
} from './auth-state';
export type { AuthState, AuthStatus, AppState, User } from './auth-state';

export { takeInlined } from './inlined';

export { API_KEY_HEADER, getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './runtime-config';
export type { RuntimeConfig } from './runtime-config';

export { apiClient, apiRequest, ApiError, isApiError, toApiError } from './api/client';
export type { RequestOptions } from './api/client';

// Account calls: type-only schema imports, so they cost no zod. Remotes import these from the
// root (a singleton), never from the subpath, so they share the shell's one client.
export {
  checkStatus,
  logoutSession,
  forgotPassword,
  login,
  register,
  resetPassword,
  sendVerificationEmail,
  verifyEmail,
} from './api/auth';
export type {
  AuthResponse,
  CheckStatusResponse,
  LoginPayload,
  MessageResponse,
  RegisterPayload,
} from './api/auth';

// Hold calls (seating and checkout remotes): type-only schema imports, like the account calls.
export {
  cancelarReserva,
  disponibilidadUrl,
  getReserva,
  reservar,
  reservarGenerales,
  reservarInvitado,
} from './api/reservas';
export type {
  CancelarPayload,
  CancelarResponse,
  DisponibilidadAsientos,
  DisponibilidadGeneral,
  ReservaCreada,
  ReservaDetalle,
  ReservarGeneralesPayload,
  ReservarInvitadoPayload,
  ReservarPayload,
} from './api/reservas';

export {
  CURRENCY,
  DATE_TIME_PATTERN,
  DEFAULT_TIME_ZONE,
  LOCALE,
  SOON_AFTER_DAYS,
  WEEK_STARTS_ON,
  WEEKEND_START_DAY,
  endOfWeekMx,
  formatDate,
  formatDateTime,
  formatMoney,
  isInRange,
  nextWeekRange,
  soonFrom,
  startOfWeekMx,
  thisWeekRange,
  toZoned,
  weekendRange,
} from './format';
export type { DateInput, DateRange } from './format';

export { messages, formatMessage } from './messages';
export type { MessageCode } from './messages';
