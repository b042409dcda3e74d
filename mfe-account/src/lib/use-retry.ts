import { useCallback, useState } from 'react';

/** A counter to fold into a `useRequest` key: bumping it loads again (Reintentar, after a delete). */
export function useRetry(): [attempt: number, retry: () => void] {
  const [attempt, setAttempt] = useState(0);
  return [attempt, useCallback(() => setAttempt((n) => n + 1), [])];
}
