import path from 'node:path';
import {
  eventBanner,
  LANDING_PAGES,
  LANDING_PARAM,
  type EventPictures,
  type FirstScreenDeclaration,
  type FirstScreenModule,
  type LandingSlot,
} from '@taquilla/shared/landing';
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
 *
 * This file knows no page of its own: the landing pages and their slots are `LANDING_PAGES`
 * (@taquilla/shared/landing, which the shell mounts), and what each slot reads first is its
 * remote's declaration (`firstScreen` in the taquilla-contract.json of the version the registry
 * points at now), so a release, a canary promoted or a rollback brings its own first URLs.
 */

/** The landing page a path is (trailing slash allowed), with its route parameters. */
function matchLanding(pathname: string): { slots: readonly LandingSlot[]; params: Record<string, string> } | undefined {
  const got = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  for (const page of Object.values(LANDING_PAGES)) {
    for (const pattern of page.paths) {
      const want = pattern.split('/');
      if (want.length !== got.length) continue;
      const params: Record<string, string> = {};
      const names: readonly string[] = 'names' in page ? page.names : [];
      const fits = want.every((part, i) => {
        if (!part.startsWith(':')) return part === got[i];
        // A name (a section's, in the seat page's path) is for people: any segment, never read with.
        if (names.includes(part.slice(1))) return got[i] !== '';
        params[part.slice(1)] = got[i]!;
        return LANDING_PARAM.test(got[i]!);
      });
      if (fits) return { slots: page.slots, params };
    }
  }
  return undefined;
}

/** Is the path one of the landing pages (the others all get the same page). */
export const isLandingPath = (pathname: string) => matchLanding(pathname) !== undefined;

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}
interface Contract {
  firstScreen?: FirstScreenDeclaration;
}
interface Registry {
  remotes?: Record<string, { current?: string; history?: { version?: string; entry?: string }[] }>;
}

/** JSON safe inside <script>: no `</script>` or `<!--` can close or confuse the block. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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

interface PreparedSlot {
  /** Preload links and the inlined manifest. */
  blocks: string[];
  /** What the slot's module reads first, as its remote's live version declares it. */
  first: FirstScreenModule | undefined;
  later: boolean;
}

/** The module's first-screen declaration from the contract beside its manifest (undefined when none or odd). */
async function declaration(entry: string, module: string, origin: StorefrontOrigin): Promise<FirstScreenModule | undefined> {
  const contract = (await origin.manifest(path.posix.join(path.posix.dirname(entry), 'taquilla-contract.json'))) as Contract | null;
  const declared = contract && typeof contract === 'object' ? contract.firstScreen?.[module] : undefined;
  return declared && typeof declared === 'object' ? declared : undefined;
}

/**
 * What a slot's remote needs before it can render, read from its current version in the origin
 * (a folder or a bucket: storefront-origin.ts): the manifest itself inlined (the runtime reads it
 * through the inlined fetch), for the first screen's slots preload links for its remoteEntry.js
 * and the module's hashed JS and CSS, and the module's first-screen declaration. Nothing (no
 * error) when the registry, the manifest or the declaration is missing or odd.
 */
async function prepareSlot(registry: Registry, [remote, module, mode]: LandingSlot, origin: StorefrontOrigin): Promise<PreparedSlot> {
  const none: PreparedSlot = { blocks: [], first: undefined, later: mode === 'later' };
  const entry = localEntry(registry, remote);
  if (!entry) return none;
  try {
    const [manifest, first] = (await Promise.all([origin.manifest(entry), declaration(entry, module, origin).catch(() => undefined)])) as [
      Manifest | null,
      FirstScreenModule | undefined,
    ];
    if (!manifest || typeof manifest !== 'object') return { ...none, first };
    const base = `/remotes/${path.posix.dirname(entry)}/`;
    const expose = manifest.exposes?.find((e) => e.name === module);
    const remoteEntry = manifest.metaData?.remoteEntry;
    const entryFile = remoteEntry && safeFile(remoteEntry.name) && !remoteEntry.path ? [remoteEntry.name] : [];
    const js = (expose?.assets?.js?.sync ?? []).filter(safeFile);
    const css = (expose?.assets?.css?.sync ?? []).filter(safeFile);
    const inlined = `<script type="application/json" data-url="${attr(`/remotes/${entry}`)}">${inlineJson(manifest)}</script>`;
    // Mounted later, or fetched by the page's gate while it asks: the manifest only, no hint.
    if (mode) return { ...none, blocks: [inlined], first };
    return {
      blocks: [
        ...css.map((f) => `<link rel="preload" href="${attr(base + f)}" as="style">`),
        ...[...entryFile, ...js].map((f) => `<link rel="preload" href="${attr(base + f)}" as="script">`),
        inlined,
      ],
      first,
      later: false,
    };
  } catch {
    return none;
  }
}

/** One first answer of the page: `keep` when two slots read it; `live` the event whose availability it carries. */
interface FirstAnswer {
  url: string;
  keep: boolean;
  live: number | null;
}

/** `{name}` → the route parameter (an id); undefined when the template names one the page lacks or is not a path. */
function fill(template: unknown, params: Record<string, string>): string | undefined {
  if (typeof template !== 'string' || !template.startsWith('/') || template.startsWith('//')) return undefined;
  let missing = false;
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : url;
}

/**
 * The page's first answers from its slots' declarations, each URL once, and the picture to
 * hint: the first first-screen slot declaring one, as [index into the answers, path].
 */
function firstAnswers(slots: readonly Pick<PreparedSlot, 'first' | 'later'>[], params: Record<string, string>) {
  const answers: FirstAnswer[] = [];
  let picture: { index: number; path: readonly (string | number)[] } | undefined;
  for (const { first, later } of slots) {
    const indexes: (number | undefined)[] = [];
    for (const entry of Array.isArray(first?.data) ? first.data : []) {
      const declared = typeof entry === 'string' ? { url: entry } : (entry as { url?: unknown; live?: unknown });
      const url = fill(declared.url, params);
      if (url === undefined) {
        indexes.push(undefined);
        continue;
      }
      const liveParam = typeof declared.live === 'string' ? params[declared.live] : undefined;
      let i = answers.findIndex((a) => a.url === url);
      if (i >= 0) answers[i]!.keep = true;
      else i = answers.push({ url, keep: false, live: liveParam === undefined ? null : Number(liveParam) }) - 1;
      indexes.push(i);
    }
    const wanted = first?.picture;
    const index = wanted && typeof wanted.answer === 'number' ? indexes[wanted.answer] : undefined;
    if (!picture && !later && index !== undefined && Array.isArray(wanted?.path)) picture = { index, path: wanted.path };
  }
  // Two remotes may each read an answer holding no availability; one carrying it is read once.
  for (const answer of answers) if (answer.live !== null) answer.keep = false;
  return { answers, picture };
}

function at(value: unknown, steps: readonly (string | number)[]): unknown {
  let current = value;
  for (const step of steps) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** A picture worth a high-priority preload: this site's own path or an https URL. */
const preloadablePicture = (url: string | undefined): url is string => !!url && (/^\/(?!\/)/.test(url) || /^https:\/\//.test(url));

/** Reads a public API answer the way a browser would (null when it is not a 200). */
export type ApiReader = (url: string) => Promise<unknown>;

/** A built page, and the event whose availability its inlined answers carry (null: none). */
export interface StorefrontPage {
  html: string;
  live: number | null;
}

/**
 * index.html with the config, the registry, the page's preload hints, the landing remotes'
 * manifests and the landing page's first API answers placed before </head>.
 */
export async function storefrontHtml(
  template: string,
  { pathname, config, origin, readApi }: { pathname: string; config: RuntimeConfig; origin: StorefrontOrigin; readApi?: ApiReader },
): Promise<StorefrontPage> {
  const read = await origin.registry();
  const registry = read?.parsed && typeof read.parsed === 'object' ? (read.parsed as Registry) : null;
  const landing = matchLanding(pathname);
  const slots = landing && registry?.remotes ? await Promise.all(landing.slots.map((slot) => prepareSlot(registry, slot, origin))) : [];
  const { answers: wanted, picture: pictureAt } = readApi && landing ? firstAnswers(slots, landing.params) : { answers: [], picture: undefined };
  const answers = await Promise.all(wanted.map(({ url }) => readApi!(url).catch(() => null)));
  const picture = pictureAt ? eventBanner(at(answers[pictureAt.index], pictureAt.path) as EventPictures | null) : undefined;
  const pictureLink = preloadablePicture(picture) ? [`<link rel="preload" href="${attr(picture)}" as="image" fetchpriority="high">`] : [];
  const blocks = [
    ...pictureLink,
    ...slots.flatMap((slot) => slot.blocks),
    `<script type="application/json" data-url="/config.json">${inlineJson(config)}</script>`,
  ];
  if (registry) {
    blocks.push(`<script type="application/json" data-url="${attr(config.registryUrl)}">${inlineJson(registry)}</script>`);
  }
  wanted.forEach(({ url, keep }, i) => {
    if (answers[i] === null || answers[i] === undefined) return;
    const keepAttr = keep ? ` data-keep="${attr(pathname)}"` : '';
    blocks.push(`<script type="application/json" data-url="${attr(config.apiBaseUrl + url)}"${keepAttr}>${inlineJson(answers[i])}</script>`);
  });
  const live = wanted.find((answer) => answer.live !== null)?.live ?? null;
  const end = template.indexOf('</head>');
  if (end < 0) return { html: template, live };
  return { html: `${template.slice(0, end)}${blocks.join('')}${template.slice(end)}`, live };
}
