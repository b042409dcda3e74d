import http from 'node:http';

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves with the first event named `name` whose data passes `match`. */
  next<T>(name: string, match: (data: T) => boolean, timeoutMs?: number): Promise<T>;
  raw(): string;
  close(): void;
}

/** A plain HTTP client reading the stream as a browser's EventSource would. */
export function openSseStream(base: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      const events: { event: string; data: unknown }[] = [];
      const waiters: (() => void)[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (const block of buffer.split('\n\n').slice(0, -1)) {
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
        for (const w of waiters.splice(0)) w();
        all += chunk;
      });
      let all = '';
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        raw: () => all,
        close: () => req.destroy(),
        next<T>(name: string, match: (data: T) => boolean, timeoutMs = 2_000) {
          return new Promise<T>((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no '${name}' event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)), timeoutMs);
            const check = () => {
              const i = events.findIndex((e) => e.event === name && match(e.data as T));
              if (i >= 0) {
                clearTimeout(timer);
                ok(events.splice(i, 1)[0]!.data as T);
              } else waiters.push(check);
            };
            check();
          });
        },
      });
    });
    req.on('error', reject);
  });
}
