import { SignJWT, jwtVerify } from 'jose';
import { readEnv } from '../config';

/** What a session token carries; `sub` is the user id. */
export interface TokenUser {
  id: string;
  email: string;
  fullName: string;
  isVerified: boolean;
  /** When the token was signed (seconds since the epoch); set by verifyToken. */
  issuedAt?: number;
}

export interface SignOptions {
  secret?: string;
  /** jose duration, e.g. '7d', '2h'. */
  expiresIn?: string;
}

const ISSUER = 'taquilla';
const encoder = new TextEncoder();

function key(secret?: string): Uint8Array {
  return encoder.encode(secret ?? readEnv().jwtSecret);
}

export async function signToken(user: TokenUser, opts: SignOptions = {}): Promise<string> {
  return new SignJWT({ email: user.email, fullName: user.fullName, isVerified: user.isVerified })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '7d')
    .sign(key(opts.secret));
}

/** Returns the token's user, or null when the token is malformed, forged or expired. */
export async function verifyToken(token: string, secret?: string): Promise<TokenUser | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return {
      id: payload.sub,
      email: payload.email,
      fullName: typeof payload.fullName === 'string' ? payload.fullName : '',
      isVerified: payload.isVerified === true,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
    };
  } catch {
    return null;
  }
}
