/** A payment form's last row: the refusal (read out at once) and the submit button, locked while busy. */
export function SubmitRow({
  error,
  busy,
  disabled,
  label,
  busyLabel,
}: {
  error: string | null;
  busy: boolean;
  disabled: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="checkout__alert">
          {error}
        </p>
      )}
      <button type="submit" className="checkout__button" disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
