import type { Counter } from 'prom-client';

/**
 * The shop's own counters (holds, sales, refunds, browser telemetry, release decisions), incremented by the services
 * where the thing really happens — after its transaction committed. They belong to the app's
 * Prometheus registry (plugins/metrics.ts), which registers them here against the app's database
 * handle: services already receive that handle, so no service needs the app. A database without
 * registered counters (the seed, a script) counts nothing.
 */
export interface BusinessCounters {
  /** `taquilla_holds_total{kind}`: holds made, 'asientos' (numbered seats) or 'generales'. */
  holds: Counter<'kind'>;
  /** `taquilla_sales_total`: charges that became tickets. */
  sales: Counter;
  /** `taquilla_refunds_total{reason}`: completed charges refunded instead ('lugares', 'promocion', 'duplicado', 'limite'). */
  refunds: Counter<'reason'>;
  /** `taquilla_browser_events_total{remote,version,kind}`: telemetry events accepted from browsers. */
  browserEvents: Counter<'remote' | 'version' | 'kind'>;
  /** `taquilla_release_decisions_total{remote,action}`: the release judge's automatic 'rollback' / 'abort'. */
  releaseDecisions: Counter<'remote' | 'action'>;
}

const byDb = new WeakMap<object, BusinessCounters>();

export function registerBusinessCounters(db: object, counters: BusinessCounters): void {
  byDb.set(db, counters);
}

/** The counters of the app that owns `db`, if it has any. */
export function businessCounters(db: object): BusinessCounters | undefined {
  return byDb.get(db);
}
