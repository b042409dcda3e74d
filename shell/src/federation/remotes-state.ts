import { atom } from 'jotai';
import type { Overrides } from './overrides';
import type { ResolvedRemote } from './registry';

/** What the shell knows about the remotes this page load: shown by the banner and the badge. */
export interface RemotesState {
  status: 'loading' | 'ready' | 'error';
  remotes: ResolvedRemote[];
  overrides: Overrides;
  /** Set when the registry could not be read (the shell stays up and says so). */
  message: string | null;
}

export const initialRemotesState: RemotesState = { status: 'loading', remotes: [], overrides: {}, message: null };

export const remotesAtom = atom<RemotesState>(initialRemotesState);
