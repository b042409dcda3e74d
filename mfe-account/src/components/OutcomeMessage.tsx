/** What an action ended with, said where the buyer is looking: an alert for errors, a status for success. */
export type Outcome = { kind: 'error' | 'success'; text: string } | null;

export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  const error = outcome.kind === 'error';
  return (
    <p className={error ? 'account__alert' : 'account__success'} role={error ? 'alert' : 'status'}>
      {outcome.text}
    </p>
  );
}
