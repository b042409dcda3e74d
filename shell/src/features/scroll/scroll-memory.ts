/**
 * Where the buyer was on each history entry, by react-router's location key, kept in
 * sessionStorage so a reload or a back into the shop from another site finds it too.
 * At most MAX entries (the oldest go first): a long session must not grow the store.
 */
const STORE = 'taquilla:scroll';
const MAX = 50;

export type ScrollMemory = Map<string, number>;

export function readScrollMemory(storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): ScrollMemory {
  try {
    const raw = storage?.getItem(STORE);
    const entries = raw ? (JSON.parse(raw) as unknown) : [];
    if (!Array.isArray(entries)) return new Map();
    return new Map(entries.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && Number.isFinite(e[1])));
  } catch {
    return new Map();
  }
}

export function rememberScroll(memory: ScrollMemory, key: string, y: number, storage: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage): void {
  memory.delete(key);
  memory.set(key, Math.max(0, Math.round(y)));
  while (memory.size > MAX) memory.delete(memory.keys().next().value!);
  try {
    storage?.setItem(STORE, JSON.stringify([...memory]));
  } catch {
    // Storage full or refused (private mode): the position is still kept for this page's life.
  }
}

/**
 * A freshly typed URL's history entry has no state, so react-router calls it 'default', the
 * same name on every visit. Giving it a key of its own (kept by the browser through reloads)
 * lets back to the page the buyer landed on find where they were. Call before the router starts.
 */
export function keyThisEntry(history: Pick<History, 'state' | 'replaceState'> = globalThis.history): void {
  const state = (history.state ?? {}) as { key?: unknown };
  if (typeof state.key === 'string' && state.key) return;
  history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}
