import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character lowercase id like Openpay's (e.g. 'trzjaozcik8msyqshka4'), unguessable. */
export function gatewayId(prefix = ''): string {
  // 256 % 36 leaves a slight bias; 20 characters keep well over 90 bits either way.
  return prefix + Array.from(randomBytes(20 - prefix.length), (b) => ALPHABET[b % 36]).join('');
}
