import { z } from 'zod';
import { GatewayError } from './gateway.errors';

/** The part of a pino/Fastify logger the client uses. */
export interface ClientLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OpenpayClientOptions {
  /** https://sandbox-api.openpay.mx or https://api.openpay.mx (tests: the fake server). */
  apiUrl: string;
  merchantId: string;
  privateKey: string;
  timeoutMs: number;
  log?: ClientLog;
}

const errorBodySchema = z.object({
  category: z.string(),
  description: z.string().default(''),
  http_code: z.coerce.number().int(),
  error_code: z.coerce.number().int(),
  request_id: z.string().optional(),
});

/**
 * A small typed client for Openpay's REST API over fetch: HTTP basic auth with the private
 * key, JSON in and out, a timeout on every call, answers parsed with zod. Logs method, path,
 * status and Openpay's request id only — never a body (bodies carry names, e-mails, tokens).
 */
export class OpenpayClient {
  private readonly base: string;
  private readonly authorization: string;

  constructor(private readonly opts: OpenpayClientOptions) {
    this.base = `${opts.apiUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(opts.merchantId)}`;
    this.authorization = `Basic ${Buffer.from(`${opts.privateKey}:`).toString('base64')}`;
  }

  async request<S extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, schema: S, body?: object): Promise<z.infer<S>> {
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      this.opts.log?.warn({ method, path, reason, ms: Date.now() - started }, 'openpay: sin respuesta');
      throw new GatewayError(null, { description: `openpay ${reason}`, cause: err });
    }
    const text = await response.text().catch(() => '');
    const requestId = response.headers.get('x-request-id') ?? undefined;
    this.opts.log?.debug({ method, path, status: response.status, ms: Date.now() - started, requestId }, 'openpay');
    const json = parseJson(text);

    if (!response.ok) {
      const error = errorBodySchema.safeParse(json);
      if (error.success) {
        throw new GatewayError(error.data.error_code, {
          httpStatus: response.status,
          description: error.data.description,
          requestId: error.data.request_id ?? requestId,
        });
      }
      // Not Openpay's error object (a proxy's 502 page, …): whether it charged is unknown.
      this.opts.log?.warn({ method, path, status: response.status }, 'openpay: respuesta de error sin formato');
      throw new GatewayError(null, { httpStatus: response.status, description: `HTTP ${response.status}` });
    }
    const parsed = schema.safeParse(text === '' ? undefined : json);
    if (!parsed.success) {
      this.opts.log?.warn({ method, path, status: response.status, issues: parsed.error.issues.map((i) => i.path.join('.')) }, 'openpay: respuesta inesperada');
      throw new GatewayError(null, { httpStatus: response.status, description: 'respuesta inesperada' });
    }
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
