import { waitFor } from '../fleet-setup';
import { type CheckRun, must } from '../harness';

type Registry = { remotes: Record<string, { current: string }> };

/** A release of catalog is served by every replica within 2 s. */
export const releaseReachesEveryProcess: CheckRun = async ({ fleet, figure }) => {
  const { replicas } = fleet;
  const registry = (await (await fetch(`${replicas[0]!.base}/remotes/remotes.json`)).json()) as Registry;
  const [major, minor] = registry.remotes.catalog!.current.split('.');
  const version = `${major}.${minor}.${Date.now() % 100_000}`;
  fleet.release('catalog', version);
  const waits = await Promise.all(
    replicas.map((r) =>
      waitFor(
        `réplica ${r.index} con catalog ${version}`,
        async () => ((await (await fetch(`${r.base}/remotes/remotes.json`)).json()) as Registry).remotes.catalog?.current === version,
        10_000,
        25,
      ),
    ),
  );
  const slowest = Math.max(...waits);
  figure('Release → las 3 réplicas la sirven', `${slowest} ms (mínimo exigido ≤ 2000 ms)`);
  must(slowest <= 2_000, `la más lenta tardó ${slowest} ms`);
  return `catalog ${version}: ${waits.map((w) => `${w} ms`).join(', ')}`;
};
