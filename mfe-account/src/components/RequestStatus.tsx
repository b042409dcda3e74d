import type { ReactNode } from 'react';
import { messages } from '@taquilla/shared';

/** While a list or page loads: announced once, not on every re-render. */
export function Loading({ label = messages.REMOTE_LOADING }: { label?: string }) {
  return (
    <p className="account__status" role="status" aria-live="polite">
      <span className="account__spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A failed load: the message, and a way to try again without reloading the page. */
export function LoadError({ title, message, onRetry }: { title?: string; message: string; onRetry?: () => void }) {
  return (
    <div className="account__alert" role="alert">
      {title && <strong className="account__alert-title">{title}</strong>}
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="account__button account__button--secondary" onClick={onRetry}>
          {messages.REMOTE_RETRY}
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="account__empty">{children}</div>;
}
