import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { DomainError } from '../../lib/errors';

/**
 * Password hashing with scrypt (memory-hard). Stored as
 * `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`, so the cost can be raised later and old hashes
 * still verify. N=2^15, r=8 → 32 MiB and ~50-100 ms per hash: cheap for one login, costly
 * for a guessing attack. The work runs on libuv's thread pool, not the event loop.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * Hashes share libuv's 4-thread pool with file reads (static files, PGlite): a burst of
 * logins or resets must not take every thread. At most `concurrency` run at once; beyond
 * `maxQueued` waiting, the request is refused at once (503 + Retry-After) instead of piling up.
 */
let pool: LimitFunction = pLimit(2);
let maxQueued = 32;

export function configureHashing(opts: { concurrency: number; maxQueued: number }): void {
  pool = pLimit(opts.concurrency);
  maxQueued = opts.maxQueued;
}

/** Hashes running and waiting (for tests and diagnostics). */
export function hashingLoad(): { active: number; pending: number } {
  return { active: pool.activeCount, pending: pool.pendingCount };
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  if (pool.pendingCount >= maxQueued) return Promise.reject(new DomainError('SERVICIO_OCUPADO'));
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return pool(
    () =>
      new Promise<Buffer>((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await derive(password, Buffer.from(saltB64, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of nothing, verified when the e-mail is unknown so that "no such user" costs the same
 * time as "wrong password" (no account enumeration by timing).
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
}
