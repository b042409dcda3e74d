import { useEffect, useState } from 'react';
import { verifyEmail } from '@taquilla/shared/api/auth';
import { errorText } from '../../../lib/session';

export type VerifyState = { status: 'pending' } | { status: 'verified'; message: string } | { status: 'failed'; message: string };

/**
 * The token is single-use, so a second request for the same token (React StrictMode runs
 * effects twice; a remount re-runs them) would report "already used". One request per token
 * per page load, shared by every mount.
 */
const inFlight = new Map<string, Promise<VerifyState>>();

function verifyOnce(token: string): Promise<VerifyState> {
  let request = inFlight.get(token);
  if (!request) {
    request = verifyEmail(token).then(
      (answer): VerifyState => ({ status: 'verified', message: answer.message }),
      (error: unknown): VerifyState => ({ status: 'failed', message: errorText(error) }),
    );
    inFlight.set(token, request);
  }
  return request;
}

export function useVerifyEmail(token: string | undefined) {
  const [state, setState] = useState<VerifyState>({ status: 'pending' });
  useEffect(() => {
    if (!token) return;
    let active = true;
    void verifyOnce(token).then((result) => active && setState(result));
    return () => {
      active = false;
    };
  }, [token]);
  return state;
}
