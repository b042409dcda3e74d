import { startTransition, useEffect, useState } from 'react';

export type RequestState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * Runs `load` when `key` changes and tracks its outcome. A newer key (or unmount) makes the
 * older answer stale, so a slow first response can never overwrite a faster second one.
 * `onError` runs once per failed load (e.g. to ask the shell for a toast).
 */
export function useRequest<T>(key: string, load: () => Promise<T>, onError?: (error: unknown) => void): RequestState<T> {
  const [state, setState] = useState<{ key: string; value: RequestState<T> }>({
    key,
    value: { status: 'loading' },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load`/`onError` are new closures each render; `key` is what identifies the request
  useEffect(() => {
    let current = true;
    setState({ key, value: { status: 'loading' } });
    load().then(
      // A transition: rendering what arrived (a list of events, a venue map) yields to the
      // browser every few milliseconds instead of blocking input in one long task.
      (data) => current && startTransition(() => setState({ key, value: { status: 'success', data } })),
      (error: unknown) => {
        if (!current) return;
        setState({ key, value: { status: 'error', error } });
        onError?.(error);
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  return state.key === key ? state.value : { status: 'loading' };
}
