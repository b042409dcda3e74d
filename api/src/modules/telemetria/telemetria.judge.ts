import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AuditEntry, Origin } from '@taquilla/platform/origin';
import { RELEASE_FORCED } from '@taquilla/platform/ops';
import type { Registry } from '@taquilla/platform/registry';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { businessCounters } from '../../lib/business-metrics';
import type { JudgeThresholds, TelemetriaConfig } from './telemetria.config';
import { versionStats, type VersionStats } from './telemetria.repository';

/** Advisory lock key of the release judge: one API process judges at a time (PostgreSQL). */
const JUDGE_LOCK = 726_026;
/** Audit lines read per judgement: enough to find each remote's last change. */
const AUDIT_READ = 500;

interface Verdict {
  bad: boolean;
  /** The figures, in Spanish, for the audit log and the server log. */
  reason: string;
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const figures = (s: VersionStats) => `${s.version}: ${pct(s.tasaError)} (${s.sesionesConError} de ${s.sesiones} sesiones)`;

/** How many standard errors `judged`'s error rate lies above `baseline`'s (two-proportion z-test, pooled). */
function zScore(judged: VersionStats, baseline: VersionStats): number {
  const n1 = judged.sesiones;
  const n2 = baseline.sesiones;
  if (n1 === 0 || n2 === 0) return 0;
  const pooled = (judged.sesionesConError + baseline.sesionesConError) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const diff = judged.tasaError - baseline.tasaError;
  if (se === 0) return diff > 0 ? Number.POSITIVE_INFINITY : 0;
  return diff / se;
}

/**
 * Whether `judged` is clearly worse than `baseline` (decision 0026): enough sessions, a rate at
 * least `factor` times and `margin` above the baseline's, and a difference of at least `z`
 * standard errors. A baseline with too few sessions to compare with is replaced by an absolute
 * ceiling (`rateWithoutBaseline`).
 */
function judge(judged: VersionStats, baseline: VersionStats | null, t: JudgeThresholds, label: string): Verdict {
  if (judged.sesiones < t.minSessions) return { bad: false, reason: `${figures(judged)}: aún sin el mínimo de ${t.minSessions} sesiones` };
  if (!baseline || baseline.sesiones < t.minSessions) {
    const bad = judged.tasaError >= t.rateWithoutBaseline;
    const base = baseline ? `${label} ${baseline.version} con solo ${baseline.sesiones} sesiones` : `sin ${label}`;
    return { bad, reason: `tasa de error de ${figures(judged)}; ${base}, umbral absoluto ${pct(t.rateWithoutBaseline)}` };
  }
  const z = zScore(judged, baseline);
  const bad = judged.tasaError >= baseline.tasaError * t.factor && judged.tasaError - baseline.tasaError >= t.margin && z >= t.z;
  return {
    bad,
    reason:
      `tasa de error de ${figures(judged)} contra ${label} ${figures(baseline)}; ` +
      `umbrales: ×${t.factor}, +${(t.margin * 100).toFixed(1)} puntos, z ≥ ${t.z} (z = ${Number.isFinite(z) ? z.toFixed(1) : '∞'})`,
  };
}

/** What the judge may change in the registry (platform/ops/lib.mjs through the module). */
export interface JudgeActions {
  rollback(remote: string, to: string, opts: { expectCurrent: string; reason: string }): Promise<void>;
  /** Ends a canary, everyone back on the stable version. */
  abortCanary(remote: string, opts: { version: string; reason: string }): Promise<void>;
}

interface Decision {
  remote: string;
  action: 'rollback' | 'abort';
  from: string;
  to: string;
  reason: string;
}

/**
 * One judgement of every remote in the registry:
 * - a remote with a canary: the canary's version against the stable one, both counted since the
 *   canary started (the same buyers' hours, split by bucket) → abort when clearly worse;
 * - otherwise the live version since it became live against the version it replaced
 *   (replacedVersion) over the `baselineHours` before that change → roll back to it when clearly
 *   worse. A version that came back by a rollback is not judged.
 */
async function judgeRegistry(
  db: Db,
  registry: Registry,
  cfg: TelemetriaConfig,
  actions: JudgeActions,
  { now = new Date(), log, audit = [] }: { now?: Date; log?: FastifyBaseLogger; audit?: AuditEntry[] } = {},
): Promise<Decision[]> {
  const t = cfg.thresholds;
  const decisions: Decision[] = [];
  for (const [remote, entry] of Object.entries(registry.remotes)) {
    try {
      const decision = await judgeRemote(db, remote, entry, t, actions, now, audit);
      if (decision) decisions.push(decision);
    } catch (err) {
      // One remote's failed change (a person's change meanwhile, the origin away) never stops the others'.
      log?.error({ err, remoto: remote }, 'release judge: could not act on this remote');
    }
  }
  return decisions;
}

/**
 * The version `entry.current` replaced, from the audit log (newest first): the `from` of the
 * release or promotion that made it live — so an aborted canary between them in the history is
 * skipped. Null when the live version came back by a rollback (a person's or the judge's: never
 * undone automatically) or was the first release. Without the change in the log (an origin from
 * before the audit log), the version before it in the history.
 */
function replacedVersion(remote: string, entry: Registry['remotes'][string], audit: AuditEntry[]): string | null | undefined {
  const made = audit.find((a) => a.remote === remote && a.to === entry.current && ['release', RELEASE_FORCED, 'promote', 'rollback'].includes(a.action));
  if (made) return made.action === 'rollback' ? undefined : made.from;
  const versions = entry.history.map((h) => h.version);
  const index = versions.lastIndexOf(entry.current);
  return index > 0 ? versions[index - 1]! : null;
}

async function judgeRemote(
  db: Db,
  remote: string,
  entry: Registry['remotes'][string],
  t: JudgeThresholds,
  actions: JudgeActions,
  now: Date,
  audit: AuditEntry[],
): Promise<Decision | null> {
  const canary = entry.canary;
  if (canary?.version) {
    const since = new Date(canary.startedAt);
    const verdict = judge(await versionStats(db, remote, canary.version, since), await versionStats(db, remote, entry.current, since), t, 'la estable');
    if (!verdict.bad) return null;
    const reason = `Canario abortado automáticamente: ${verdict.reason}`;
    await actions.abortCanary(remote, { version: canary.version, reason });
    return { remote, action: 'abort', from: canary.version, to: entry.current, reason };
  }
  const changedAt = entry.changedAt ? new Date(entry.changedAt) : null;
  const previous = replacedVersion(remote, entry, audit);
  if (!changedAt || previous === undefined) return null;
  const baselineSince = new Date(changedAt.getTime() - t.baselineHours * 3_600_000);
  const judged = await versionStats(db, remote, entry.current, changedAt, now);
  const baseline = previous ? await versionStats(db, remote, previous, baselineSince, changedAt) : null;
  const verdict = judge(judged, baseline, t, 'la anterior');
  if (!verdict.bad || !previous) return null;
  const reason = `Reversión automática: ${verdict.reason}`;
  await actions.rollback(remote, previous, { expectCurrent: entry.current, reason });
  return { remote, action: 'rollback', from: entry.current, to: previous, reason };
}

export interface ReleaseJudge {
  /** One judgement now (skipped when another process holds the lock); answers what it changed. */
  run(): Promise<Decision[]>;
  stop(): void;
}

/**
 * The release judge of one API process: every `judgeEveryMs`, reads the registry and judges it.
 * On PostgreSQL the run holds a transaction-level advisory lock taken with try-lock, so with any
 * number of API processes one judges and the others skip that tick; every change also re-checks
 * the live version (`expectCurrent`), so a person's change made meanwhile is never undone.
 * PGlite is one process by design: no lock.
 */
export function startReleaseJudge(
  deps: { db: Db; dbKind: 'pglite' | 'pg'; origin: Origin; log: FastifyBaseLogger; actions: JudgeActions },
  cfg: TelemetriaConfig,
): ReleaseJudge {
  const { db, log } = deps;
  const judgeNow = async (): Promise<Decision[]> => {
    const registry = await deps.origin.readRegistry();
    return judgeRegistry(db, registry, cfg, deps.actions, { log, audit: await deps.origin.readAudit(AUDIT_READ) });
  };
  const locked = async (): Promise<Decision[]> => {
    if (deps.dbKind === 'pglite') return judgeNow();
    return db.transaction(async (tx) => {
      const [row] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${JUDGE_LOCK}) as locked`);
      return row?.locked ? judgeNow() : [];
    });
  };
  let running: Promise<Decision[]> | null = null;
  let stopped = false;
  const run = () => {
    running ??= locked()
      .then((decisions) => {
        for (const d of decisions) {
          log.warn({ remoto: d.remote, accion: d.action, de: d.from, a: d.to, motivo: d.reason }, 'release judge: automatic change');
          businessCounters(db)?.releaseDecisions.inc({ remote: d.remote, action: d.action });
        }
        return decisions;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer =
    cfg.judgeEveryMs > 0
      ? setInterval(() => {
          if (stopped) return;
          run().catch((err: unknown) => {
            if (!stopped) log.error({ err }, 'release judge failed; trying again on the next tick');
          });
        }, cfg.judgeEveryMs)
      : null;
  timer?.unref();
  return {
    run,
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
