import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled input whose hint and error are tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, hint, error, ...input }: Props) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="checkout__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={`${id}-hint`} className="checkout__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="checkout__error">
          {error}
        </p>
      )}
    </div>
  );
}
