import { isApiError, messages } from '@taquilla/shared';

/**
 * "The server message, or <fallback>" (spec §8). The client's generic texts for an empty or
 * malformed answer are not server messages, so they give way to the screen's own fallback;
 * 'No se pudo conectar con el servidor' is kept because it tells the buyer what happened.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const text = error.message.trim();
  if (!text || text === messages.UNEXPECTED_ERROR || text === messages.INVALID_RESPONSE) return fallback;
  return text;
}
