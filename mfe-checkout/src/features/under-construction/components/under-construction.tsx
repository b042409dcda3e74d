import { useId } from 'react';
import { Link } from 'react-router-dom';

export interface UnderConstructionProps {
  /** What the buyer would find here, e.g. 'Selección de asientos'. */
  title: string;
  description: string;
  /** A block inside another page (no page heading level, no way back). */
  compact?: boolean;
}

/**
 * The honest placeholder until this screen is built in its own issue: no fake data, a way
 * back to the event list, and the remote's live version (ops can see which release is served).
 */
export function UnderConstruction({ title, description, compact = false }: UnderConstructionProps) {
  const headingId = useId();
  const Heading = compact ? 'h2' : 'h1';
  return (
    <section
      aria-labelledby={headingId}
      data-remote-name={__REMOTE_NAME__}
      data-remote-version={__REMOTE_VERSION__}
      style={{ padding: compact ? '1rem' : '3rem 1rem', textAlign: 'center' }}
    >
      <Heading id={headingId}>{title}: en construcción</Heading>
      <p>{description}</p>
      {!compact && <Link to="/eventos">Volver a eventos</Link>}
      <p style={{ fontSize: '0.75rem', opacity: 0.6 }}>
        {__REMOTE_NAME__} v{__REMOTE_VERSION__}
      </p>
    </section>
  );
}
