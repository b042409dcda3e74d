import type { Metric } from 'web-vitals';
import type { RemoteName } from '@taquilla/platform/registry';
import type { Vital } from '@taquilla/shared/telemetria';
import { isRemoteName } from './registry';
import type { Telemetry } from './telemetry';

/** The element a metric is about, where the entry names one (LCP's element, CLS's largest shift, INP's target). */
function elementOf(metric: Metric): Element | null {
  const last = metric.entries.at(-1) as (PerformanceEntry & { element?: Element | null; target?: Node | null }) | undefined;
  if (metric.name === 'CLS') {
    const sources = (metric.entries as Array<PerformanceEntry & { sources?: Array<{ node?: Node | null }> }>).flatMap((e) => e.sources ?? []);
    const node = sources.find((s) => s.node)?.node;
    return node instanceof Element ? node : (node?.parentElement ?? null);
  }
  const node = last?.element ?? last?.target ?? null;
  return node instanceof Element ? node : null;
}

/**
 * Which remotes a metric belongs to: the slot around the element it is about, else every remote
 * slot on the page (a page-wide figure, shared by the remotes that made the page).
 */
export function remotesFor(metric: Metric, doc: Document = document): RemoteName[] {
  const slot = elementOf(metric)?.closest('[data-remote]')?.getAttribute('data-remote');
  if (slot && isRemoteName(slot)) return [slot];
  const names = [...doc.querySelectorAll('[data-remote]')].map((el) => el.getAttribute('data-remote') ?? '');
  return [...new Set(names.filter(isRemoteName))];
}

/** CLS is unitless (0.1 is the "good" bound): ×1000 so every vital travels as a whole number. */
export function vitalValue(metric: Metric): number {
  return metric.name === 'CLS' ? metric.value * 1000 : metric.value;
}

/**
 * Core Web Vitals (the `web-vitals` library, loaded in its own chunk once the page has loaded:
 * its observers read the buffered entries, so nothing is missed) reported per remote through
 * `telemetry`. Each metric is reported once, when final (the library's default).
 */
export async function watchVitals(telemetry: Pick<Telemetry, 'vital'>): Promise<void> {
  const { onCLS, onINP, onLCP } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals');
  const report = (metric: Metric) => {
    for (const remote of remotesFor(metric)) telemetry.vital(remote, metric.name as Vital, vitalValue(metric));
  };
  onLCP(report);
  onINP(report);
  onCLS(report);
}
