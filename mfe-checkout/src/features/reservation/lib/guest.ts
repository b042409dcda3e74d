import { reservaMessages } from '@taquilla/shared/messages/reservas';

export interface GuestData {
  nombre: string;
  correo: string;
}

export type GuestErrors = Partial<Record<keyof GuestData, string>>;

/**
 * Guest fields (spec §5 "Guest"): both required. The spec checks the e-mail for presence only;
 * the server has the last word on its format and its message is shown as it comes.
 */
export function validateGuest(data: GuestData): GuestErrors {
  const errors: GuestErrors = {};
  if (!data.nombre.trim()) errors.nombre = reservaMessages.GUEST_NAME_REQUIRED;
  if (!data.correo.trim()) errors.correo = reservaMessages.GUEST_EMAIL_REQUIRED;
  return errors;
}

export function trimGuest(data: GuestData): GuestData {
  return { nombre: data.nombre.trim(), correo: data.correo.trim() };
}
