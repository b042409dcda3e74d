/**
 * The one e-mail rule of the shop, for accounts (login, register, password reset) and guests
 * (holds and guest payments), in the API and in the forms that check an address.
 */
import './zod-csp';
import { z } from 'zod';

export const MAX_EMAIL_LENGTH = 254;

/**
 * A plain mailbox address (zod's strict pattern: letters, digits and . _ ' + - before the @, a
 * dotted domain with a letter TLD). Mail software reads `x<victim@example.com>` or
 * `a@b.mx, c@d.mx` as other recipients, and `victim@example.com.` is the same mailbox as
 * `victim@example.com`, so display names, quotes, commas, angle brackets, a trailing dot and
 * control characters are refused (the form's message), not passed on to the mailer or counted
 * as another buyer.
 */
const EMAIL_PATTERN = z.regexes.email;

/** How every address is kept and compared: no surrounding spaces, lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * An e-mail field: missing or blank → `requiredMessage`; too long or not a plain address →
 * `invalidMessage`. The parsed value is normalised (trimmed, lower case).
 */
export function emailSchema(requiredMessage: string, invalidMessage: string = requiredMessage) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_EMAIL_LENGTH, invalidMessage)
    .regex(EMAIL_PATTERN, invalidMessage)
    .toLowerCase();
}
