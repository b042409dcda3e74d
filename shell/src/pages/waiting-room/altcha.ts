// The ALTCHA widget (<altcha-widget>), loaded only with the waiting-room page. The "external"
// build: no inline styles or blob workers, so the shop's CSP (script, style and worker sources
// 'self') holds; its stylesheet and its SHA worker (a self-contained script, `?worker-file` in rspack.config.mjs) are files of the shell's own build.
import 'altcha/external';
import 'altcha/i18n/es-419';
import 'altcha/altcha.css';
import shaWorker from 'altcha/workers/sha?worker-file';

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Worker(shaWorker));
}

/** The widget's element as the page drives it. */
export interface AltchaElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void>;
}
