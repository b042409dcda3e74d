import { messages } from '@taquilla/shared';

/** The Spanish fallback shown inside a remote's slot; `onRetry` is absent when nothing can retry. */
export function RemoteFallback({ onRetry, retrying = false }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <div className="remote-fallback" role="alert">
      <p>{messages.REMOTE_FALLBACK}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
          {messages.REMOTE_RETRY}
        </button>
      )}
    </div>
  );
}
