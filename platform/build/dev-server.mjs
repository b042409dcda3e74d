// Standalone development server for one remote: rspack in watch mode (development build)
// plus a tiny static server with CORS, so the remote can be opened alone (index.html) or
// loaded by a shell running elsewhere through the dev override.
//
//   cd mfe-seating && pnpm dev        → http://localhost:<port>/ and …/mf-manifest.json
//
// (@rspack/dev-server is not a workspace dependency; this keeps `rspack serve`'s job small.)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const dir = process.cwd();
process.env.NODE_ENV ??= 'development';
const require = createRequire(path.join(dir, 'package.json'));
const { rspack } = await import(pathToFileURL(require.resolve('@rspack/core')).href);
const config = (await import(pathToFileURL(path.join(dir, 'rspack.config.mjs')).href)).default;
const port = Number(process.env.PORT ?? config.devServer?.port ?? 3010);
// Not dist/: that folder is what `release --no-build` and the e2e harness publish.
const out = path.join(dir, 'node_modules', '.cache', 'taquilla-dev');
config.output.path = out;

const TYPES = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

rspack(config).watch({}, (err, stats) => {
  if (err) console.error(err);
  else console.log(stats.toString({ preset: 'errors-warnings', colors: true }) || `✔ ${config.name} compilado`);
});

const api = new URL(process.env.API_URL || 'http://127.0.0.1:3000');

/** /config.json and /api/* go to the running API, so the standalone page can call it. */
function proxy(req, res) {
  const upstream = http.request(
    { hostname: api.hostname, port: api.port, path: req.url, method: req.method, headers: { ...req.headers, host: api.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: `La API no responde en ${api.origin} (npm start)` }));
  });
  req.pipe(upstream);
}

http
  .createServer((req, res) => {
    if (req.url === '/config.json' || req.url?.startsWith('/api/')) return proxy(req, res);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Cache-Control', 'no-store');
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.join(out, path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(out) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(out, 'index.html'); // SPA fallback for the standalone page's routes
    }
    fs.readFile(file, (e, body) => {
      if (e) {
        res.statusCode = 404;
        res.end('not built yet');
        return;
      }
      res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      res.end(body);
    });
  })
  .listen(port, () => console.log(`▶ ${config.name} en http://localhost:${port}/ (mf-manifest.json)`));
