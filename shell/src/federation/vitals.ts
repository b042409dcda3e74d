import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
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
 * Core Web Vitals (the `web-vitals` library) reported per remote through `telemetry`. Called from
 * the shell's after-load chunk (after-load.ts), once the page has loaded: the library observes
 * with `buffered: true`, so the LCP, layout shifts and interactions from before it started are
 * read too and nothing is missed. Each metric is reported once, when final (the library's default).
 */
export function watchVitals(telemetry: Pick<Telemetry, 'vital'>): void {
  const report = (metric: Metric) => {
    for (const remote of remotesFor(metric)) telemetry.vital(remote, metric.name as Vital, vitalValue(metric));
  };
  onLCP(report);
  onINP(report);
  onCLS(report);
}
