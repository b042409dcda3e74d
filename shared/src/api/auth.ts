/** Typed sign-in and e-mail calls (spec §7 "Authentication and e-mail"): `@taquilla/shared/api/auth`. */
import { apiRequest } from '@taquilla/shared';
import type { AuthResponse, CheckStatusResponse, LoginPayload, MessageResponse, RegisterPayload } from '../schemas/auth';

/** POST /auth/login → token and user. 401 'Credenciales incorrectas', 429 when rate-limited. */
export function login(payload: LoginPayload): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/auth/login', payload);
}

/** POST /auth/register → token and user (unverified). Send the payload without repeatedPassword. */
export function register(payload: RegisterPayload): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('POST', '/auth/register', payload);
}

/** GET /auth/check-status → isVerified, a fresh token and the user. Answers unverified users too. */
export function checkStatus(): Promise<CheckStatusResponse> {
  return apiRequest<CheckStatusResponse>('GET', '/auth/check-status');
}

/**
 * POST /auth/logout with the given token → the session ends on the server too (its tokens
 * stop working). The token is passed explicitly: the caller clears storage right after.
 */
export function logoutSession(token: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
}

/** POST /correos/send-verification-email/{address} → 200 once the mail server accepted it. */
export function sendVerificationEmail(address: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', `/correos/send-verification-email/${encodeURIComponent(address)}`);
}

/** POST /correos/forgot-password/{address} → the same message whether or not the account exists. */
export function forgotPassword(address: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', `/correos/forgot-password/${encodeURIComponent(address)}`);
}

/** POST /auth/verify-email {token} → the e-mail is verified (the token is single-use, 24 h). */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/auth/verify-email', { token });
}

/** POST /auth/reset-password {token, password} → new password set (single-use token, 1 h). */
export function resetPassword(token: string, password: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/auth/reset-password', { token, password });
}
