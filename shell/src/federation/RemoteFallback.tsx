import { Link } from 'react-router-dom';
import { messages } from '@taquilla/shared';

/**
 * The Spanish fallback shown inside a remote's slot: retry when something can retry, and always
 * a way back to the event list, so a buyer is never left on a dead page (auth down on /auth/login).
 */
export function RemoteFallback({ onRetry, retrying = false }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <div className="remote-fallback" role="alert">
      <p>{messages.REMOTE_FALLBACK}</p>
      <div className="remote-fallback__actions">
        {onRetry && (
          <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
            {messages.REMOTE_RETRY}
          </button>
        )}
        {/* A full page load: it reads the registry again, so a rollback made meanwhile applies. */}
        <Link to="/eventos" className="btn btn-secondary" reloadDocument>
          {messages.REMOTE_BACK_TO_EVENTS}
        </Link>
      </div>
    </div>
  );
}
