// The shell's after-load chunk: what watches and reports on the page but draws nothing on its
// first screen. host.ts imports it once the page has loaded and gone idle (or at once when the
// tab is hidden first); until then host.ts keeps every call for it, in order, and hands them
// over here — so nothing they report is lost, only sent later.
import type { UnheardEvent } from '@taquilla/shared';
import { type FollowDeps, registryFollower } from './follow-registry';
import { createTelemetry, type Telemetry, type TelemetryDeps } from './telemetry';
import { blameForUnheard } from './unheard';
import { watchVitals } from './vitals';

export interface AfterLoadDeps {
  telemetry: TelemetryDeps;
  /** Where beacons go (`<apiBaseUrl>/telemetria?apiKey=…`). */
  telemetryUrl: string;
  follower: FollowDeps;
}

type RegistryFollower = ReturnType<typeof registryFollower>;

export interface AfterLoad {
  telemetry: Telemetry;
  follower: RegistryFollower;
  /** A bus event the contract says someone must hear, that nobody heard: counted against the remotes to blame. */
  reportUnheard(event: Pick<UnheardEvent, 'type'>): void;
}

/** Starts telemetry (beacons), the registry follower and the Web Vitals observers. */
export function startAfterLoad(deps: AfterLoadDeps): AfterLoad {
  const telemetry = createTelemetry(deps.telemetry);
  telemetry.configure(deps.telemetryUrl);
  watchVitals(telemetry);
  return {
    telemetry,
    follower: registryFollower(deps.follower),
    reportUnheard(event) {
      for (const remote of blameForUnheard(event)) telemetry.unheard(remote, String(event.type));
    },
  };
}
