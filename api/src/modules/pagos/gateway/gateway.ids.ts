import { GatewayError } from './gateway.errors';

/**
 * Gateway ids (charges, customers, cards, tokens) go into URL paths and come from browsers:
 * anything but a plain id ('..', slashes, …) is answered like an unknown one, 1005.
 */
export function safeId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new GatewayError(1005, { description: 'identificador inválido' });
  return id;
}
