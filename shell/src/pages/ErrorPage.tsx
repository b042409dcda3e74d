import { Link } from 'react-router-dom';
import { messages } from '@taquilla/shared';

/**
 * The root layout's error page: a shell-level failure (a remote's own failure stays in its
 * slot). Rendered by RootErrorBoundary (src/app/RootErrorBoundary.tsx), which logs the error.
 */
export function ErrorPage() {
  return (
    <main className="container error-page" role="alert">
      <h1>{messages.ERROR_PAGE_TITLE}</h1>
      <p>{messages.ERROR_PAGE_TEXT}</p>
      <Link className="btn btn-primary" to="/eventos" reloadDocument>
        {messages.ERROR_PAGE_HOME}
      </Link>
    </main>
  );
}
