import { useId } from 'react';
import type { FieldProps } from '../lib/use-form';

interface Props extends FieldProps {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: string;
}

/** Label + input + (hint) + the field's message, wired for screen readers. */
export function TextField({ label, type = 'text', autoComplete, hint, error, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="ta-field">
      <label htmlFor={id} className="ta-field__label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        className="ta-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="ta-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ta-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
