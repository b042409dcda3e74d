import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, type AuthTokenPurpose } from '../../db/schema/auth';
import { users } from '../../db/schema/users';

/** The only place the accounts module touches drizzle. Every function takes the db or a transaction. */
export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/**
 * A session token stays valid only if it was signed after the last password change (a reset
 * ends every session opened before it). JWT times have one-second resolution, so a token from
 * the same second as the change still counts: the login that follows a reset must work.
 */
export function sessionStillValid(row: UserRow, issuedAt: number | undefined): boolean {
  if (!row.passwordChangedAt) return true;
  return (issuedAt ?? 0) >= Math.floor(row.passwordChangedAt.getTime() / 1000);
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; undefined when the e-mail is already taken (unique index, race-safe). */
export async function insertUser(db: DbOrTx, input: { fullName: string; email: string; passwordHash: string }): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(input).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function setVerified(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ isVerified: true }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The hash alone, for a change made from inside a session: password_changed_at stays, so the
 * session that made the change keeps its token; the others end by revokeOtherSessions.
 */
export async function replacePasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function insertToken(db: DbOrTx, input: { userId: string; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(authTokens).values(input);
}

/** Removes a user's unused tokens of one purpose (an older reset link stops working). */
export async function deleteUnusedTokens(db: DbOrTx, userId: string, purpose: AuthTokenPurpose): Promise<void> {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** Whether a link token could be spent now, without spending it. */
export async function linkTokenState(
  db: DbOrTx,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  now = new Date(),
): Promise<'valid' | 'invalid' | 'used' | 'expired'> {
  const [row] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  return row.expiresAt > now ? 'valid' : 'expired';
}

export type ConsumeResult = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'used' | 'expired' };

/**
 * Marks a token used in one conditional UPDATE, so two concurrent clicks cannot both
 * succeed. When nothing matched, a read says why (unknown, already used or expired).
 */
export async function consumeToken(db: DbOrTx, tokenHash: string, purpose: AuthTokenPurpose, now = new Date()): Promise<ConsumeResult> {
  const [used] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId });
  if (used) return { ok: true, userId: used.userId };
  const [row] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { ok: false, reason: 'invalid' };
  return { ok: false, reason: row.usedAt ? 'used' : 'expired' };
}
