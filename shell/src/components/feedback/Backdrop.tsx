import { messages } from '@taquilla/shared';

/** Six dots in a circle, pulsing in turn. */
function SixDotSpinner() {
  return (
    <span className="six-dots" aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: six identical dots, never reordered
        <span key={i} className="six-dots__dot" style={{ ['--i' as string]: i }} />
      ))}
    </span>
  );
}

/** Full-screen backdrop with the six-dot spinner (boot, session check behind a guard). */
export function Backdrop({ label = messages.REMOTE_LOADING }: { label?: string }) {
  return (
    <div className="backdrop" role="status" aria-live="polite">
      <SixDotSpinner />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
