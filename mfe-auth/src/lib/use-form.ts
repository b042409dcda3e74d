import { useCallback, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrors, type FormSchema } from '@taquilla/shared/schemas/auth';

export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  /** The first failing rule's message, only once the field has been touched (spec §2). */
  error?: string;
}

/**
 * A small form state for the auth screens: values, "touched on blur", and the shared zod
 * schema's first message per field. Submitting touches every field, so an untouched empty
 * form still explains itself instead of silently doing nothing.
 */
export function useForm<K extends string, T>(schema: FormSchema<T>, initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const errors = useMemo(() => fieldErrors<K>(schema, values), [schema, values]);

  const field = useCallback(
    (name: K): FieldProps => ({
      name,
      value: values[name],
      onChange: (event) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
      },
      onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
      error: touched[name] ? errors[name] : undefined,
    }),
    [values, touched, errors],
  );

  const handleSubmit = useCallback(
    (onValid: (data: T) => void | Promise<void>) => (event: FormEvent) => {
      event.preventDefault();
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<K, boolean>);
      const result = schema.safeParse(values);
      if (result.success) void onValid(result.data);
    },
    [schema, values],
  );

  return { values, field, handleSubmit };
}
