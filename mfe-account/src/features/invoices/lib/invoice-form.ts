import { regimenesPara, tipoPersonaDeRfc, usosPara, REGIMENES_FISCALES, type RegimenFiscal, type UsoCfdi } from '@taquilla/shared/sat-catalogos';

export interface InvoiceFormValues {
  rfc: string;
  razonSocial: string;
  codigoPostal: string;
  regimenFiscal: string;
  usoCfdi: string;
}

export const EMPTY_FORM: InvoiceFormValues = { rfc: '', razonSocial: '', codigoPostal: '', regimenFiscal: '', usoCfdi: '' };

/** The RFC's length says persona física (13) or moral (12); before that, nobody knows. */
export function tipoDe(rfc: string) {
  const n = rfc.trim().length;
  return n === 12 || n === 13 ? tipoPersonaDeRfc(rfc) : null;
}

/** The régimen options for what the RFC says so far (all of them until it has 12 or 13 characters). */
export function regimenOptions(rfc: string): RegimenFiscal[] {
  const tipo = tipoDe(rfc);
  return tipo ? regimenesPara(tipo) : [...REGIMENES_FISCALES];
}

/** The uso options that fit the persona type and the chosen régimen (none until a régimen is chosen). */
export function usoOptions(rfc: string, regimen: string): UsoCfdi[] {
  if (!regimen) return [];
  const tipo = tipoDe(rfc);
  return tipo ? usosPara(tipo, regimen) : [...new Map([...usosPara('fisica', regimen), ...usosPara('moral', regimen)].map((u) => [u.clave, u])).values()];
}

/** The first empty field's message (the API checks the rest: RFC check digit, catalogue fit). */
export function missingField(v: InvoiceFormValues): { field: keyof InvoiceFormValues; message: string } | null {
  if (!v.rfc.trim()) return { field: 'rfc', message: 'Escribe tu RFC.' };
  if (!v.razonSocial.trim()) return { field: 'razonSocial', message: 'Escribe tu nombre o razón social, como aparece en tu Constancia de Situación Fiscal.' };
  if (!/^\d{5}$/.test(v.codigoPostal.trim())) return { field: 'codigoPostal', message: 'El código postal debe tener 5 dígitos.' };
  if (!v.regimenFiscal) return { field: 'regimenFiscal', message: 'Elige tu régimen fiscal.' };
  if (!v.usoCfdi) return { field: 'usoCfdi', message: 'Elige el uso del CFDI.' };
  return null;
}
