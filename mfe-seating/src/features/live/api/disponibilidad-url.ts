import { getRuntimeConfig } from '@taquilla/shared';

/**
 * URL of the event's availability stream. EventSource cannot send headers, so the API key
 * travels as the `apiKey` query parameter (the API accepts it on this route only).
 */
export function disponibilidadUrl(eventoId: string): string {
  const { apiBaseUrl, apiKey } = getRuntimeConfig();
  return `${apiBaseUrl}/eventos/${encodeURIComponent(eventoId)}/disponibilidad?apiKey=${encodeURIComponent(apiKey)}`;
}
