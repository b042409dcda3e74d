import fs from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@taquilla/shared/runtime-config';

/**
 * The shell's index.html as served: the runtime config and the registry inlined, and preload
 * hints for the code of the page asked for, so the browser does not wait on
 * /config.json → /remotes.json → mf-manifest.json before it starts downloading the remote.
 *
 * The data goes in `<script type="application/json">` blocks: data, not script, so the strict
 * CSP (no inline script) stays as it is. The shell reads each block once and then fetches as
 * before (a "Reintentar" reads the registry afresh).
 */

/** The landing pages worth hinting: path → the remote module it renders (shell/src/app/routes.tsx). */
const LANDING_MODULES: [RegExp, string, string][] = [
  [/^\/(?:eventos\/?)?$/, 'catalog', 'EventList'],
  [/^\/eventos\/informacion\/[^/]+\/?$/, 'catalog', 'EventInfo'],
];

interface Manifest {
  metaData?: { publicPath?: string };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}
interface Registry {
  remotes?: Record<string, { current?: string; history?: { version?: string; entry?: string }[] }>;
}

/** JSON safe inside <script>: no `</script>` or `<!--` can close or confuse the block. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Preload links for the hashed (immutable) files of the module the page renders, read from the
 * remote's current manifest in the origin. Manifest and remoteEntry.js are no-store and are
 * left to the runtime. Nothing (no error) when the registry or manifest is missing or odd.
 */
export async function preloadLinks(pathname: string, registry: Registry | null, originDir: string): Promise<string[]> {
  const landing = LANDING_MODULES.find(([pattern]) => pattern.test(pathname));
  if (!landing || !registry?.remotes) return [];
  const [, remote, module] = landing;
  const record = registry.remotes[remote];
  const entry = record?.history?.find((h) => h.version === record.current)?.entry;
  // Only a relative entry lives in this origin (an absolute one is another server's business).
  if (!entry || /^(?:[a-z]+:)?\/\//i.test(entry) || entry.startsWith('/') || entry.includes('..')) return [];
  try {
    const manifest = JSON.parse(await fs.promises.readFile(path.join(originDir, entry), 'utf8')) as Manifest;
    const expose = manifest.exposes?.find((e) => e.name === module);
    const base = `/remotes/${path.posix.dirname(entry)}/`;
    const safe = (file: string) => /^[\w.-]+$/.test(file);
    const js = (expose?.assets?.js?.sync ?? []).filter(safe);
    const css = (expose?.assets?.css?.sync ?? []).filter(safe);
    return [
      ...css.map((f) => `<link rel="preload" href="${attr(base + f)}" as="style">`),
      ...js.map((f) => `<link rel="preload" href="${attr(base + f)}" as="script">`),
    ];
  } catch {
    return [];
  }
}

export async function readRegistryFile(originDir: string): Promise<{ raw: string; parsed: Registry } | null> {
  try {
    const raw = await fs.promises.readFile(path.join(originDir, 'remotes.json'), 'utf8');
    return { raw, parsed: JSON.parse(raw) as Registry };
  } catch {
    return null;
  }
}

/** index.html with the config, the registry and the page's preload hints placed before </head>. */
export async function storefrontHtml(
  template: string,
  { pathname, config, originDir }: { pathname: string; config: RuntimeConfig; originDir: string },
): Promise<string> {
  const registry = await readRegistryFile(originDir);
  const blocks = [
    ...(await preloadLinks(pathname, registry?.parsed ?? null, originDir)),
    `<script type="application/json" data-url="/config.json">${inlineJson(config)}</script>`,
  ];
  if (registry) {
    blocks.push(`<script type="application/json" data-url="${attr(config.registryUrl)}">${inlineJson(registry.parsed)}</script>`);
  }
  const at = template.indexOf('</head>');
  if (at < 0) return template;
  return `${template.slice(0, at)}${blocks.join('')}${template.slice(at)}`;
}
