import { useState } from 'react';
import { trimGuest, validateGuest, type GuestData, type GuestErrors } from '../lib/guest';

export interface GuestForm {
  value: GuestData;
  /** Errors of the fields the buyer has left (or all of them after a submit attempt). */
  errors: GuestErrors;
  setField: (field: keyof GuestData, text: string) => void;
  touch: (field: keyof GuestData) => void;
  /** Marks every field touched; the trimmed data when valid, else null. */
  submit: () => GuestData | null;
}

export function useGuestForm(): GuestForm {
  const [value, setValue] = useState<GuestData>({ nombre: '', correo: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof GuestData, boolean>>>({});
  const all = validateGuest(value);
  const errors: GuestErrors = {};
  if (touched.nombre && all.nombre) errors.nombre = all.nombre;
  if (touched.correo && all.correo) errors.correo = all.correo;

  return {
    value,
    errors,
    setField: (field, text) => setValue((prev) => ({ ...prev, [field]: text })),
    touch: (field) => setTouched((prev) => ({ ...prev, [field]: true })),
    submit: () => {
      setTouched({ nombre: true, correo: true });
      return Object.keys(all).length === 0 ? trimGuest(value) : null;
    },
  };
}
