import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The browser's identity for the waiting room: 32 random bytes in an httpOnly cookie, stored
 * only as its SHA-256. One place per event is kept per value; a script can clear it, but each new
 * value costs a new proof of work and counts against the address's cap (decision 0031).
 */
const BROWSER_COOKIE = 'tq_navegador';
/** The pass of one event: `tq_pase_<eventoId>`, a signed token naming the place and the browser. */
const passCookie = (eventoId: number) => `tq_pase_${eventoId}`;

const FORMAT = /^[A-Za-z0-9_-]{43}$/;
const AUDIENCE = 'taquilla:sala-espera';

function cookies(request: FastifyRequest): Record<string, string | undefined> {
  const header = request.headers.cookie;
  return header ? parseCookie(header) : {};
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

function setCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number, secure: boolean): void {
  // httpOnly: page scripts never read it; SameSite=Lax: another site's form cannot spend it; path / so /api/v1 calls carry it.
  const cookie = stringifySetCookie({ name, value, httpOnly: true, sameSite: 'lax', path: '/', maxAge: maxAgeSeconds, secure });
  const prev = reply.getHeader('set-cookie');
  reply.header('set-cookie', prev === undefined ? [cookie] : [...(Array.isArray(prev) ? prev : [String(prev)]), cookie]);
}

/** The request's browser id hash, or null when it has no (well-formed) cookie. */
export function browserOf(request: FastifyRequest): string | null {
  const value = cookies(request)[BROWSER_COOKIE];
  return value && FORMAT.test(value) ? hash(value) : null;
}

/** The browser id hash, giving the browser a new cookie (30 days) when it has none. */
export function ensureBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = browserOf(request);
  if (existing) return existing;
  const value = randomBytes(32).toString('base64url');
  setCookie(reply, BROWSER_COOKIE, value, 30 * 86_400, secure);
  return hash(value);
}

const key = (secret: string) => new TextEncoder().encode(`sala-espera:${secret}`);

/** Sets the event's pass cookie: signed (HS256), naming the place and the browser, ending with the pass. */
export async function issuePass(
  reply: FastifyReply,
  secret: string,
  p: { eventoId: number; lugarId: number; navegador: string; expira: Date },
  secure: boolean,
): Promise<void> {
  const token = await new SignJWT({ ev: p.eventoId, nav: p.navegador })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(p.lugarId))
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(p.expira.getTime() / 1000))
    .sign(key(secret));
  setCookie(reply, passCookie(p.eventoId), token, Math.max(1, Math.ceil((p.expira.getTime() - Date.now()) / 1000)), secure);
}

/**
 * The place a request's pass for the event names, when the pass is well signed, unexpired, for
 * this event and issued to the browser whose cookie the request carries; null otherwise.
 */
export async function readPass(request: FastifyRequest, secret: string, eventoId: number): Promise<{ lugarId: number; navegador: string } | null> {
  const token = cookies(request)[passCookie(eventoId)];
  const navegador = browserOf(request);
  if (!token || !navegador) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    if (payload.ev !== eventoId || payload.nav !== navegador || !payload.sub || !/^\d+$/.test(payload.sub)) return null;
    return { lugarId: Number(payload.sub), navegador };
  } catch {
    return null;
  }
}

/**
 * `tq_lugar_<eventoId>`: the browser's place and its number in line, signed (HMAC-SHA256) for
 * this event and browser, so a poll far back in line is answered from the room's row alone,
 * without reading the place (decision 0031, "Cheap polls"). The number never changes once drawn;
 * `numero` null: a place taken before the draw.
 */
const placeCookie = (eventoId: number) => `tq_lugar_${eventoId}`;

const markSig = (secret: string, eventoId: number, lugarId: number, numero: number | null, navegador: string) =>
  createHmac('sha256', `sala-espera-lugar:${secret}`)
    .update(`${eventoId}.${lugarId}.${numero ?? '-'}.${navegador}`)
    .digest('base64url');

const markValue = (secret: string, eventoId: number, lugarId: number, numero: number | null, navegador: string) =>
  `${lugarId}.${numero ?? '-'}.${markSig(secret, eventoId, lugarId, numero, navegador)}`;

/** The place the request's mark names for this event and browser, when its signature holds; null otherwise. */
export function readPlaceMark(request: FastifyRequest, secret: string, eventoId: number, navegador: string): { lugarId: number; numero: number | null } | null {
  const value = cookies(request)[placeCookie(eventoId)];
  const m = value ? /^(\d{1,15})\.(\d{1,15}|-)\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m) return null;
  const lugarId = Number(m[1]);
  const numero = m[2] === '-' ? null : Number(m[2]);
  const expected = Buffer.from(markSig(secret, eventoId, lugarId, numero, navegador));
  const sent = Buffer.from(m[3]!);
  return timingSafeEqual(expected, sent) ? { lugarId, numero } : null;
}

/** Sets the mark when the browser does not carry this one already (a day: the line does not last longer). */
export function markPlace(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  p: { eventoId: number; lugarId: number; numero: number | null; navegador: string },
  secure: boolean,
): void {
  const value = markValue(secret, p.eventoId, p.lugarId, p.numero, p.navegador);
  if (cookies(request)[placeCookie(p.eventoId)] !== value) setCookie(reply, placeCookie(p.eventoId), value, 86_400, secure);
}
