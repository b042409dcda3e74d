import { useNavigate } from 'react-router-dom';
import { messages } from '@taquilla/shared';

/** Spec: '404', 'Page Not Found' and 'Go Back' one history entry back. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="container not-found">
      <p className="not-found__code" aria-hidden="false">
        {messages.NOT_FOUND_CODE}
      </p>
      <h1>{messages.NOT_FOUND_TITLE}</h1>
      <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
        {messages.NOT_FOUND_BACK}
      </button>
    </div>
  );
}
