import { SignJWT, jwtVerify } from 'jose';

/** What a session token carries; `sub` is the user id. */
export interface TokenUser {
  id: string;
  email: string;
  fullName: string;
  isVerified: boolean;
  /** The server-side session (auth_sessions.id) the token belongs to; set by verifyToken. */
  sessionId?: string;
  /** When the buyer signed in (seconds since the epoch): renewals keep it, the session ends at SESSION_MAX_AGE. */
  authTime?: number;
  /** When the token was signed (seconds since the epoch); set by verifyToken. */
  issuedAt?: number;
}

export interface SignOptions {
  /** The app's `config.jwtSecret`. */
  secret: string;
  /** jose duration, e.g. '7d', '2h'. */
  expiresIn?: string;
  /** Required for a token the API will accept: the session it belongs to. */
  sessionId?: string;
  /** Sign-in time to carry over (a renewal); now when absent. */
  authTime?: number;
}

export interface VerifyOptions {
  /** Longest a session lives from sign-in, however often it is renewed (seconds). */
  maxSessionAgeSeconds?: number;
}

const ISSUER = 'taquilla';
const encoder = new TextEncoder();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Clocks of several API processes may differ a little; more than this ahead is forged. */
const CLOCK_SKEW_SECONDS = 60;
const DEFAULT_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function key(secret: string): Uint8Array {
  return encoder.encode(secret);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function signToken(user: TokenUser, opts: SignOptions): Promise<string> {
  const claims: Record<string, unknown> = { email: user.email, fullName: user.fullName, isVerified: user.isVerified };
  if (opts.sessionId) claims.sid = opts.sessionId;
  claims.auth_time = opts.authTime ?? nowSeconds();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '7d')
    .sign(key(opts.secret));
}

/**
 * The token's user, or null when it is malformed, forged, expired, lacks `exp`, was "issued"
 * in the future, has no session id, or its sign-in is older than the maximum session age.
 * Whether the session was revoked is the database's to say (plugins/auth.ts).
 */
export async function verifyToken(token: string, secret: string, opts: VerifyOptions = {}): Promise<TokenUser | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const now = nowSeconds();
    const maxAge = opts.maxSessionAgeSeconds ?? DEFAULT_SESSION_MAX_AGE_SECONDS;
    if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.email !== 'string') return null;
    if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
    if (typeof payload.iat !== 'number' || payload.iat > now + CLOCK_SKEW_SECONDS) return null;
    const authTime = payload.auth_time;
    if (typeof authTime !== 'number' || authTime > now + CLOCK_SKEW_SECONDS || now - authTime > maxAge) return null;
    return {
      id: payload.sub,
      email: payload.email,
      fullName: typeof payload.fullName === 'string' ? payload.fullName : '',
      isVerified: payload.isVerified === true,
      sessionId: payload.sid,
      authTime,
      issuedAt: payload.iat,
    };
  } catch {
    return null;
  }
}
