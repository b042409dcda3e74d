import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig } from 'axios';
import { bus } from '../bus';
import { TOKEN_STORAGE_KEY } from '../auth-state';
import { API_KEY_HEADER, getRuntimeConfig } from '../runtime-config';
import { messages } from '../messages/core';
import { takeInlined } from '../inlined';

/** Every failed call rejects with this one shape, whatever went wrong underneath. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status?: number;
  /** The server's message(s); `message` is these joined by line breaks. */
  readonly messages: string[];
  /** The raw error body, for callers that need a flag such as `isPromoError`. */
  readonly data?: unknown;

  constructor(init: { status?: number; messages: string[]; data?: unknown }) {
    super(init.messages.join('\n'));
    this.status = init.status;
    this.messages = init.messages;
    this.data = init.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    // Storage can throw (privacy mode, sandboxed iframe): behave as logged out.
    return null;
  }
}

function messagesFrom(data: unknown): string[] {
  if (data && typeof data === 'object' && 'message' in data) {
    const raw = (data as { message: unknown }).message;
    if (typeof raw === 'string' && raw.trim()) return [raw];
    if (Array.isArray(raw)) {
      const list = raw.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
      if (list.length) return list;
    }
  }
  if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return [data];
  return [];
}

/** Turns anything axios (or a callback) threw into an ApiError. Exported for tests and reuse. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (!response) return new ApiError({ messages: [messages.NETWORK_ERROR] });
    const list = messagesFrom(response.data);
    return new ApiError({
      status: response.status,
      messages: list.length ? list : [messages.UNEXPECTED_ERROR],
      data: response.data,
    });
  }
  const text = error instanceof Error && error.message ? error.message : messages.UNEXPECTED_ERROR;
  return new ApiError({ messages: [text] });
}

/**
 * The one axios instance. Base URL and API key are read from the runtime config on every
 * request (the shell sets it after fetching /config.json, which happens after this module loads).
 */
export const apiClient = axios.create({ headers: { Accept: 'application/json' } });

apiClient.interceptors.request.use((config) => {
  const { apiBaseUrl, apiKey } = getRuntimeConfig();
  config.baseURL = config.baseURL ?? apiBaseUrl;
  const headers = AxiosHeaders.from(config.headers);
  if (apiKey) headers.set(API_KEY_HEADER, apiKey);
  const token = readToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  config.headers = headers;
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  const apiError = toApiError(error);
  // Only a call that carried a token can "expire" a session; a 401 on login is just bad credentials.
  const sentToken = error instanceof AxiosError && AxiosHeaders.from(error.config?.headers).has('Authorization');
  if (apiError.status === 401 && sentToken) {
    bus.emit('auth:session-expired', { message: apiError.message });
  }
  return Promise.reject(apiError);
});

export interface RequestOptions<T> extends Omit<AxiosRequestConfig, 'url' | 'method' | 'data'> {
  /** Validates/narrows the answer (e.g. a zod schema's `parse`); without it the body is trusted. */
  parse?: (data: unknown) => T;
}

/**
 * The helper every typed call goes through: returns the answer body, rejects with ApiError.
 * `apiRequest<Evento[]>('GET', '/eventos', { params })`.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { parse, ...config } = options;
  // The landing page's first answers may be inlined into index.html (./inlined).
  const query = config.params ? `?${new URLSearchParams(config.params as Record<string, string>)}` : '';
  const inlined = method === 'GET' ? takeInlined(`${getRuntimeConfig().apiBaseUrl}${url}${query}`) : undefined;
  const response =
    inlined === undefined ? await apiClient.request<unknown>({ ...config, method, url, data: body }) : { status: 200, data: JSON.parse(inlined) as unknown };
  try {
    return parse ? parse(response.data) : (response.data as T);
  } catch (error) {
    throw new ApiError({ status: response.status, messages: [messages.INVALID_RESPONSE], data: error });
  }
}
