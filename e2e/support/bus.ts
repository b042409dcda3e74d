// Listening to the storefront's bus from a spec, through what the app already exposes: the
// shell's share scope (window.__TAQUILLA_FEDERATION__) hands out the one @taquilla/shared copy
// every remote uses, and its `bus` is the page's bus.
import type { Page } from '@playwright/test';

type Entry = { loaded?: boolean; get(): Promise<() => { bus: { on(type: string, fn: (e: unknown) => void): void } }> };

/** Starts recording `event`s on the page's bus; read them with `busLog(page)`. */
export async function recordBus(page: Page, event: string): Promise<void> {
  await page.evaluate(async (event) => {
    const w = window as unknown as { __TAQUILLA_FEDERATION__: { shareScope(): Promise<Record<string, Record<string, Entry>>> }; __busLog?: unknown[] };
    const scope = await w.__TAQUILLA_FEDERATION__.shareScope();
    const copies = Object.values(scope['@taquilla/shared'] ?? {});
    const entry = copies.find((c) => c.loaded) ?? copies[0];
    if (!entry) throw new Error('@taquilla/shared no está en el share scope');
    const shared = (await entry.get())();
    w.__busLog = [];
    shared.bus.on(event, (e) => w.__busLog!.push(e));
  }, event);
}

export function busLog(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __busLog?: unknown[] }).__busLog ?? []);
}
