import contract from './bus-contract.json';
import remoteContract from './remote-contract.json';
import type { BusEvents } from './bus';

/**
 * The bus contract as data (`bus-contract.json`, read as is by the build factory and the release
 * gate in platform/): for every event, which builds send it (`producers`), which listen
 * (`listeners`), and whether someone must hear it (`mustBeHeard`: an emit that nobody hears is a
 * broken purchase, reported by `onUnheardEvent`). `version` goes up with every change to the list.
 * `BusEvents` (bus.ts) is its typed face: the checks below fail the typecheck when one has an
 * event the other lacks.
 */
export type BusParty = 'shell' | 'catalog' | 'seating' | 'checkout' | 'account' | 'auth';

export interface BusEventContract {
  producers: readonly BusParty[];
  listeners: readonly BusParty[];
  mustBeHeard: boolean;
}

export interface BusContract {
  version: number;
  events: Record<keyof BusEvents, BusEventContract>;
}

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Every BusEvents key is in the JSON and the JSON has no event BusEvents lacks.
const sameEvents: Equal<keyof typeof contract.events, keyof BusEvents> = true;
void sameEvents;

export const BUS_CONTRACT: BusContract = contract as BusContract;
export const BUS_CONTRACT_VERSION: number = contract.version;

/** Prop types of the slot contract: a JSON name, '?' at the end when optional. */
export type SlotPropType = 'string' | 'number' | 'boolean' | 'object' | `${'string' | 'number' | 'boolean' | 'object'}?`;

/**
 * What the shell's routes and slots load from each remote, and the props it passes
 * (`remote-contract.json`): the shell's build declares it as what it needs, a remote's build as
 * what it offers; the release gate compares the two.
 */
export const REMOTE_CONTRACT = remoteContract as { version: number; slots: Record<Exclude<BusParty, 'shell'>, Record<string, Record<string, SlotPropType>>> };
