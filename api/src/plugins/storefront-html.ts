import path from 'node:path';
import { eventBanner, LANDING_SLOTS, type EventPictures, type LandingSlot } from '@taquilla/shared/landing';
import type { RuntimeConfig } from '@taquilla/shared/runtime-config';
import type { StorefrontOrigin } from './storefront-origin';

/**
 * The shell's index.html as served: the runtime config and the registry inlined, and preload
 * hints for the code of the page asked for, so the browser does not wait on
 * /config.json → /remotes.json → mf-manifest.json before it starts downloading the remote.
 *
 * The data goes in `<script type="application/json">` blocks: data, not script, so the strict
 * CSP (no inline script) stays as it is. The shell reads each block once and then fetches as
 * before (a "Reintentar" reads the registry afresh).
 */

/**
 * The landing pages worth preparing: path → the remote modules it renders (`LANDING_SLOTS`,
 * which the shell's pages mount) and the public API answers its first screen reads.
 * `keep`: answers holding no availability, which two remotes of the page may both read.
 * `picture`: the first screen's largest picture (its LCP), from those answers, to fetch at once.
 */
interface LandingPage {
  path: RegExp;
  slots: readonly LandingSlot[];
  data: (match: RegExpExecArray) => { url: string; keep?: boolean }[];
  picture: (answers: unknown[]) => string | undefined;
}

const LANDING_PAGES: LandingPage[] = [
  {
    path: /^\/(?:eventos\/?)?$/,
    slots: LANDING_SLOTS.eventos,
    data: () => [{ url: '/eventos/get_all?tipoDispositivo=web' }, { url: '/categorias/get_all' }],
    // The hero's first slide: the soonest upcoming event (get_all is in date order).
    picture: ([list]) => eventBanner((list as { eventosFiltrados?: EventPictures[] } | null)?.eventosFiltrados?.[0]),
  },
  {
    path: /^\/eventos\/informacion\/(\d{1,9})\/?$/,
    // The map and the general-admission modal mount later, when needed: hinting their files
    // would spend the first screen's bandwidth on them.
    slots: LANDING_SLOTS.informacion,
    data: ([, id]) => [{ url: `/eventos/${id}/detalle`, keep: true }, { url: `/eventos/${id}/detalle_seccion/false/web` }],
    picture: ([detalle]) => eventBanner(detalle as EventPictures | null),
  },
];

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name: string; path?: string } };
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

/** A relative entry lives in this origin (an absolute one is another server's business). */
function localEntry(registry: Registry, remote: string): string | undefined {
  const record = registry.remotes?.[remote];
  const entry = record?.history?.find((h) => h.version === record.current)?.entry;
  if (!entry || /^(?:[a-z]+:)?\/\//i.test(entry) || entry.startsWith('/') || entry.includes('..')) return undefined;
  return entry;
}

const safeFile = (file: string) => /^[\w.-]+$/.test(file);

/**
 * What a slot's remote needs before it can render, read from its current manifest in the
 * origin (a folder or a bucket: storefront-origin.ts): the manifest itself inlined (the runtime
 * reads it through the inlined fetch), and, for the first screen's slots, preload links for its remoteEntry.js and the module's hashed
 * JS and CSS. Nothing (no error) when the registry or the manifest is missing or odd.
 */
async function prepareSlot(registry: Registry, [remote, module, later]: LandingSlot, origin: StorefrontOrigin): Promise<string[]> {
  const entry = localEntry(registry, remote);
  if (!entry) return [];
  try {
    const manifest = (await origin.manifest(entry)) as Manifest | null;
    if (!manifest || typeof manifest !== 'object') return [];
    const base = `/remotes/${path.posix.dirname(entry)}/`;
    const expose = manifest.exposes?.find((e) => e.name === module);
    const remoteEntry = manifest.metaData?.remoteEntry;
    const entryFile = remoteEntry && safeFile(remoteEntry.name) && !remoteEntry.path ? [remoteEntry.name] : [];
    const js = (expose?.assets?.js?.sync ?? []).filter(safeFile);
    const css = (expose?.assets?.css?.sync ?? []).filter(safeFile);
    const inlined = `<script type="application/json" data-url="${attr(`/remotes/${entry}`)}">${inlineJson(manifest)}</script>`;
    if (later) return [inlined];
    return [
      ...css.map((f) => `<link rel="preload" href="${attr(base + f)}" as="style">`),
      ...[...entryFile, ...js].map((f) => `<link rel="preload" href="${attr(base + f)}" as="script">`),
      inlined,
    ];
  } catch {
    return [];
  }
}

/** The landing page's preload links and inlined manifests, for every remote module it renders. */
export async function preloadLinks(pathname: string, registry: Registry | null, origin: StorefrontOrigin): Promise<string[]> {
  const landing = LANDING_PAGES.find((page) => page.path.test(pathname));
  if (!landing || !registry?.remotes) return [];
  const parts = await Promise.all(landing.slots.map((slot) => prepareSlot(registry, slot, origin)));
  return parts.flat();
}

/** Is the path one of the landing pages (the others all get the same page). */
export const isLandingPath = (pathname: string) => LANDING_PAGES.some((page) => page.path.test(pathname));

/** The landing page a path is, with its first API answers (paths under the API base). */
function landingPage(pathname: string): { page: LandingPage; data: { url: string; keep?: boolean }[] } | undefined {
  for (const page of LANDING_PAGES) {
    const match = page.path.exec(pathname);
    if (match) return { page, data: page.data(match) };
  }
  return undefined;
}

/** A picture worth a high-priority preload: this site's own path or an https URL. */
const preloadablePicture = (url: string | undefined): url is string => !!url && (/^\/(?!\/)/.test(url) || /^https:\/\//.test(url));

/** Reads a public API answer the way a browser would (null when it is not a 200). */
export type ApiReader = (url: string) => Promise<unknown>;

/**
 * index.html with the config, the registry, the page's preload hints, the landing remotes'
 * manifests and the landing page's first API answers placed before </head>.
 */
export async function storefrontHtml(
  template: string,
  { pathname, config, origin, readApi }: { pathname: string; config: RuntimeConfig; origin: StorefrontOrigin; readApi?: ApiReader },
): Promise<string> {
  const read = await origin.registry();
  const registry = read?.parsed && typeof read.parsed === 'object' ? (read.parsed as Registry) : null;
  const landing = readApi ? landingPage(pathname) : undefined;
  const wanted = landing?.data ?? [];
  const [links, answers] = await Promise.all([
    preloadLinks(pathname, registry, origin),
    Promise.all(wanted.map(({ url }) => readApi!(url).catch(() => null))),
  ]);
  const picture = landing?.page.picture(answers);
  const pictureLink = preloadablePicture(picture) ? [`<link rel="preload" href="${attr(picture)}" as="image" fetchpriority="high">`] : [];
  const blocks = [...pictureLink, ...links, `<script type="application/json" data-url="/config.json">${inlineJson(config)}</script>`];
  if (registry) {
    blocks.push(`<script type="application/json" data-url="${attr(config.registryUrl)}">${inlineJson(registry)}</script>`);
  }
  wanted.forEach(({ url, keep }, i) => {
    if (answers[i] === null || answers[i] === undefined) return;
    const keepAttr = keep ? ` data-keep="${attr(pathname)}"` : '';
    blocks.push(`<script type="application/json" data-url="${attr(config.apiBaseUrl + url)}"${keepAttr}>${inlineJson(answers[i])}</script>`);
  });
  const at = template.indexOf('</head>');
  if (at < 0) return template;
  return `${template.slice(0, at)}${blocks.join('')}${template.slice(at)}`;
}
