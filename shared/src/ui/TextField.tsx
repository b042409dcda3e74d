import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The remote's CSS block: the field is `<block>__field`, its parts `<block>__field-label|input|hint|error`. */
  block: string;
  /** A line under the input that stays (format, rules). */
  hint?: string;
  /** The field's message; it marks the input invalid. */
  error?: string;
  /** The message is announced as it appears (role="alert"), for forms that check as the buyer types. */
  announceError?: boolean;
}

/** A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, block, hint, error, announceError = false, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${block}__field`}>
      <label htmlFor={id} className={`${block}__field-label`}>
        {label}
      </label>
      <input id={id} className={`${block}__field-input`} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className={`${block}__field-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={`${block}__field-error`} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
