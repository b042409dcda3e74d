import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions } from '../../db/schema/auth';

/** Server-side sessions: opened at sign-in, revoked by logout, a password reset or a password change. */
export async function openSession(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.insert(authSessions).values({ userId }).returning({ id: authSessions.id });
  return row!.id;
}

/** True while the session exists, belongs to the user and has not been revoked. */
export async function sessionIsLive(db: DbOrTx, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .limit(1);
  return row !== undefined;
}

export async function revokeSession(db: DbOrTx, sessionId: string, userId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** Every live session of the user but `keepSessionId` (a password change keeps the device that made it). */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepSessionId), isNull(authSessions.revokedAt)));
}
