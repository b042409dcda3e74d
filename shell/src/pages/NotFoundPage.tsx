import { Link, useNavigate } from 'react-router-dom';
import { messages } from '@taquilla/shared';

/**
 * Whether one step back stays on this site: an earlier entry of this app's history
 * (react-router keeps its index in history.state), or a page of ours that linked here.
 * A direct visit (typed, bookmarked, shared link) has neither: 'Go Back' would leave the shop.
 */
function backStaysOnSite(): boolean {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) return true;
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Spec: '404', 'Page Not Found' and 'Go Back' one history entry back (home on a direct visit). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const goBack = () => (backStaysOnSite() ? navigate(-1) : navigate('/eventos', { replace: true }));
  return (
    <div className="container not-found">
      <p className="not-found__code" aria-hidden="false">
        {messages.NOT_FOUND_CODE}
      </p>
      <h1>{messages.NOT_FOUND_TITLE}</h1>
      <button type="button" className="btn btn-primary" onClick={goBack}>
        {messages.NOT_FOUND_BACK}
      </button>
      <p>
        <Link to="/eventos">{messages.ERROR_PAGE_HOME}</Link>
      </p>
    </div>
  );
}
