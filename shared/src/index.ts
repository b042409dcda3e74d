/**
 * @taquilla/shared root entry — a federation singleton, so it holds only runtime-light, stateful
 * things every remote must share one copy of. Zod schemas live at `@taquilla/shared/schemas/<area>`
 * and the typed API calls at `@taquilla/shared/api/<area>`; both stay out of this entry
 * (first-load budget).
 */
export { bus, CHECKOUT_SUMMARY_ID, onUnheardEvent, UNHEARD_AFTER_MS } from './bus';
export type { AsientoSeleccionado, Bus, BusEvents, ToastKind, UnheardEvent } from './bus';
export { BUS_CONTRACT, BUS_CONTRACT_VERSION } from './bus-contract';
export type { BusContract, BusEventContract, BusParty } from './bus-contract';

export {
  authAtom,
  appAtom,
  store,
  initialAuthState,
  initialAppState,
  TOKEN_STORAGE_KEY,
} from './auth-state';
export type { AuthState, AuthStatus, AppState, User } from './auth-state';

// The page's one hold: its state (hold-store.ts); its shapes and lifecycle are the subpath
// `@taquilla/shared/hold` (hold.ts), so the shell's first load carries only the atoms.
export { generalRequestAtom, holdAtom, initialHoldState, savedHold, savedHoldAtom } from './hold-store';
export type { GeneralRequest, Hold, HoldState, SavedHold, SavedHoldStore } from './hold';

export { takeInlined } from './inlined';

export { API_KEY_HEADER, getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './runtime-config';
export type { RuntimeConfig } from './runtime-config';

// The one axios instance: every typed call module imports `apiRequest` from here (README, "API client").
export { apiClient, apiRequest, ApiError, isApiError, toApiError } from './api/client';
export type { RequestOptions } from './api/client';

export {
  CURRENCY,
  DATE_TIME_PATTERN,
  DEFAULT_TIME_ZONE,
  LOCALE,
  SOON_AFTER_DAYS,
  WEEK_STARTS_ON,
  WEEKEND_START_DAY,
  endOfWeekMx,
  filaLabel,
  formatDate,
  formatDateTime,
  formatMoney,
  hasPassed,
  isInRange,
  nextWeekRange,
  soonFrom,
  startOfWeekMx,
  thisWeekRange,
  toZoned,
  weekendRange,
} from './format';
export type { DateInput, DateRange } from './format';

export { messages, formatMessage } from './messages/core';
export type { MessageCode } from './messages/core';
