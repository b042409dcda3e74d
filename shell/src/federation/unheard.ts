import { BUS_CONTRACT, type UnheardEvent } from '@taquilla/shared';
import type { RemoteName } from '@taquilla/platform/registry';
import { isRemoteName } from './registry';

/**
 * Which released remotes an unheard bus event (shared's onUnheardEvent) counts against:
 * - an event the contract knows (so its producer emitted what it promised): the remotes the
 *   contract says listen to it — one of them stopped listening;
 * - an event the contract does not know (a renamed one): the remote its name starts with
 *   (`seating:…`), the one that emitted it.
 * The shell is no released remote: an event only the shell should have heard is reported to nobody.
 */
export function blameForUnheard(event: Pick<UnheardEvent, 'type'>): RemoteName[] {
  const type = String(event.type);
  const known = (BUS_CONTRACT.events as Record<string, { listeners: readonly string[] } | undefined>)[type];
  if (known) return known.listeners.filter(isRemoteName);
  const prefix = type.split(':')[0] ?? '';
  return isRemoteName(prefix) ? [prefix] : [];
}
