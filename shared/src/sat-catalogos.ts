/**
 * The SAT catalogues a CFDI 4.0 receptor is described with, as data, in one place: régimen
 * fiscal (c_RegimenFiscal) and uso del CFDI (c_UsoCFDI), each with whether a persona física
 * and/or a persona moral may use it, and for each uso the regímenes it may go with (the
 * "Régimen Fiscal Receptor" column of c_UsoCFDI). The API checks a request against it and the
 * account remote builds its selects from it: both read the same rows.
 *
 * Left out of USOS_CFDI on purpose: CP01 (Pagos, only for a payment complement) and CN01
 * (Nómina): neither fits the sale of tickets.
 */
export type TipoPersona = 'fisica' | 'moral';

export interface RegimenFiscal {
  clave: string;
  descripcion: string;
  fisica: boolean;
  moral: boolean;
}

export interface UsoCfdi {
  clave: string;
  descripcion: string;
  fisica: boolean;
  moral: boolean;
  /** c_RegimenFiscal claves this uso may be combined with. */
  regimenes: readonly string[];
}

export const REGIMENES_FISCALES: readonly RegimenFiscal[] = [
  { clave: '601', descripcion: 'General de Ley Personas Morales', fisica: false, moral: true },
  { clave: '603', descripcion: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  { clave: '605', descripcion: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  { clave: '606', descripcion: 'Arrendamiento', fisica: true, moral: false },
  { clave: '607', descripcion: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  { clave: '608', descripcion: 'Demás ingresos', fisica: true, moral: false },
  { clave: '610', descripcion: 'Residentes en el Extranjero sin Establecimiento Permanente en México', fisica: true, moral: true },
  { clave: '611', descripcion: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  { clave: '612', descripcion: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
  { clave: '614', descripcion: 'Ingresos por intereses', fisica: true, moral: false },
  { clave: '615', descripcion: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  { clave: '616', descripcion: 'Sin obligaciones fiscales', fisica: true, moral: false },
  { clave: '620', descripcion: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', fisica: false, moral: true },
  { clave: '621', descripcion: 'Incorporación Fiscal', fisica: true, moral: false },
  { clave: '622', descripcion: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', fisica: false, moral: true },
  { clave: '623', descripcion: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { clave: '624', descripcion: 'Coordinados', fisica: false, moral: true },
  { clave: '625', descripcion: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', fisica: true, moral: false },
  { clave: '626', descripcion: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
];

/** Regímenes of the G and I usos (business expenses and investments). */
const EMPRESARIALES = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] as const;
/** Regímenes of the D usos (a persona física's personal deductions). */
const DEDUCCIONES = ['605', '606', '608', '611', '612', '614', '607', '615', '625'] as const;
/** Every régimen: S01 goes with any of them. */
const TODOS = REGIMENES_FISCALES.map((r) => r.clave);

const uso = (clave: string, descripcion: string, fisica: boolean, moral: boolean, regimenes: readonly string[]): UsoCfdi => ({
  clave,
  descripcion,
  fisica,
  moral,
  regimenes,
});

export const USOS_CFDI: readonly UsoCfdi[] = [
  uso('G01', 'Adquisición de mercancías', true, true, EMPRESARIALES),
  uso('G02', 'Devoluciones, descuentos o bonificaciones', true, true, EMPRESARIALES),
  uso('G03', 'Gastos en general', true, true, EMPRESARIALES),
  uso('I01', 'Construcciones', true, true, EMPRESARIALES),
  uso('I02', 'Mobiliario y equipo de oficina por inversiones', true, true, EMPRESARIALES),
  uso('I03', 'Equipo de transporte', true, true, EMPRESARIALES),
  uso('I04', 'Equipo de cómputo y accesorios', true, true, EMPRESARIALES),
  uso('I05', 'Dados, troqueles, moldes, matrices y herramental', true, true, EMPRESARIALES),
  uso('I06', 'Comunicaciones telefónicas', true, true, EMPRESARIALES),
  uso('I07', 'Comunicaciones satelitales', true, true, EMPRESARIALES),
  uso('I08', 'Otra maquinaria y equipo', true, true, EMPRESARIALES),
  uso('D01', 'Honorarios médicos, dentales y gastos hospitalarios', true, false, DEDUCCIONES),
  uso('D02', 'Gastos médicos por incapacidad o discapacidad', true, false, DEDUCCIONES),
  uso('D03', 'Gastos funerales', true, false, DEDUCCIONES),
  uso('D04', 'Donativos', true, false, DEDUCCIONES),
  uso('D05', 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', true, false, DEDUCCIONES),
  uso('D06', 'Aportaciones voluntarias al SAR', true, false, DEDUCCIONES),
  uso('D07', 'Primas por seguros de gastos médicos', true, false, DEDUCCIONES),
  uso('D08', 'Gastos de transportación escolar obligatoria', true, false, DEDUCCIONES),
  uso('D09', 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', true, false, DEDUCCIONES),
  uso('D10', 'Pagos por servicios educativos (colegiaturas)', true, false, DEDUCCIONES),
  uso('S01', 'Sin efectos fiscales', true, true, TODOS),
];

/** An RFC of 13 characters is a persona física's, of 12 a persona moral's. */
export function tipoPersonaDeRfc(rfc: string): TipoPersona {
  return rfc.trim().length === 13 ? 'fisica' : 'moral';
}

export function regimenesPara(tipo: TipoPersona): RegimenFiscal[] {
  return REGIMENES_FISCALES.filter((r) => r[tipo]);
}

export function usosPara(tipo: TipoPersona, regimen: string): UsoCfdi[] {
  return USOS_CFDI.filter((u) => u[tipo] && u.regimenes.includes(regimen));
}

export const regimenFiscal = (clave: string) => REGIMENES_FISCALES.find((r) => r.clave === clave);
export const usoCfdi = (clave: string) => USOS_CFDI.find((u) => u.clave === clave);

/** Why a receptor's régimen and uso do not fit its persona type or each other (null when they do). */
export function motivoCatalogo(tipo: TipoPersona, regimen: string, uso: string): string | null {
  const r = regimenFiscal(regimen);
  if (!r) return 'Elige un régimen fiscal del catálogo del SAT.';
  if (!r[tipo])
    return tipo === 'fisica'
      ? 'Ese régimen fiscal es de personas morales; tu RFC es de persona física.'
      : 'Ese régimen fiscal es de personas físicas; tu RFC es de persona moral.';
  const u = usoCfdi(uso);
  if (!u) return 'Elige un uso del CFDI del catálogo del SAT.';
  if (!u[tipo]) return tipo === 'fisica' ? 'Ese uso del CFDI es solo para personas morales.' : 'Ese uso del CFDI es solo para personas físicas.';
  if (!u.regimenes.includes(regimen)) return `El uso del CFDI ${u.clave} no corresponde al régimen fiscal ${r.clave}.`;
  return null;
}
