// What both origin backends share: the refusal error, the registry's shape check, the audit entry.
import os from 'node:os';

/** A refusal: printed as one clear line (`✖ …`), exit code 1, nothing changed. */
export class OpsError extends Error {}

/** The registry as stored, checked: `{ "remotes": { … } }`, or a refusal naming where it is. */
export function parseRegistry(text, where) {
  let parsed;
  try {
    parsed = typeof text === 'string' ? JSON.parse(text) : text;
  } catch (error) {
    throw new OpsError(`El registro ${where} no es JSON válido (${error.message}); corrígelo antes de seguir.`);
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.remotes !== 'object' || parsed.remotes === null) {
    throw new OpsError(`El registro ${where} no tiene el formato esperado ({ "remotes": { … } }).`);
  }
  return parsed;
}

/** Who made a change: OPS_ACTOR (a CI job, a person's name), else user@host of the machine. */
export function currentActor(env = process.env) {
  if (env.OPS_ACTOR?.trim()) return env.OPS_ACTOR.trim().slice(0, 120);
  let user = 'desconocido';
  try {
    user = os.userInfo().username;
  } catch {
    // no passwd entry (some containers): the host still says where it came from
  }
  return `${user}@${os.hostname()}`;
}

/** One audit line: who, when (the change's own time, else now), which remote, what (release / rollback), from → to, why. */
export function auditEntry(change, { actor, reason } = {}) {
  return {
    at: (change.at ?? new Date()).toISOString(),
    remote: change.remote,
    action: change.action,
    from: change.from ?? null,
    to: change.to,
    actor: actor ?? currentActor(),
    reason: reason?.trim() ? reason.trim().slice(0, 500) : null,
  };
}
