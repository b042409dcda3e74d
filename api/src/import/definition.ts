import { z } from 'zod';
import '../lib/zod-locale';
import { DEFAULT_ZONA_HORARIA, ORIENTACIONES_FILA, TIPOS_SECCION } from '@taquilla/shared/schemas/catalogo';

/**
 * The import file: one event with its venue (structure + SVG), price categories, prices,
 * special seats and promotions. Used by `pnpm --filter @taquilla/api import <file>` and by the
 * seed. Money in centavos, rates in basis points. See api/README.md and api/examples/.
 *
 * The SVG marks each drawn section with data-seccion="<clave>"; on import each gets
 * data-seccion-id="<id>" (and id="seccion-<id>") with its database id.
 */
const texto = z.string().trim().min(1, 'no puede ir vacío');
const centavos = z
  .number()
  .int('debe ser un entero (centavos)')
  .nonnegative('no puede ser negativo')
  .max(100_000_000, 'no puede pasar de $1,000,000.00 (100000000 centavos)');
const bps = z.number().int('debe ser un entero (puntos base)').min(0).max(10000);
const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$|^[a-z]+$/, 'debe ser un color CSS (#rrggbb)');

const filaDefSchema = z.object({
  nombre: texto,
  /** Number of seats; numbered primerNumero … primerNumero+asientos-1. */
  asientos: z.number().int().min(1).max(1000),
  primerNumero: z.number().int().min(0).default(1),
  /** Price category of the row's seats (a name in `categorias`). */
  zona: texto,
  esMesa: z.boolean().default(false),
  /** Seat numbers that are wheelchair places, and their companion seats (decision 0032). */
  sillasDeRuedas: z.array(z.number().int()).default([]),
  acompanantes: z.array(z.number().int()).default([]),
});

export const seccionDefSchema = z.object({
  clave: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'debe usar minúsculas, números, - o _'),
  nombre: texto,
  bloque: texto,
  tipo: z.enum(TIPOS_SECCION),
  nombreEspecial: z.string().nullable().default(null),
  seccionAdicional: z.boolean().default(false),
  colores: z.array(color).min(1).max(3),
  uds: bps.nullable().default(null),
  orientacionFilas: z.enum(ORIENTACIONES_FILA).default('centro'),
  /** Best available tries sections by rango (lower is better), then in file order. */
  rango: z.number().int().min(0).max(1000).default(0),
  /** General sections only: places on sale, price category and price. */
  capacidad: z.number().int().min(1).max(200000).optional(),
  categoria: texto.optional(),
  precio: centavos.optional(),
  /** Numbered / table sections only. */
  filas: z.array(filaDefSchema).optional(),
});

export const recintoDefSchema = z.object({
  nombre: texto,
  direccion: texto,
  ciudad: texto,
  estado: z.string().default(''),
  svg: z.string().trim().startsWith('<svg', 'debe empezar con <svg'),
  secciones: z.array(seccionDefSchema).min(1, 'el recinto necesita al menos una sección'),
});

const eventoDefSchema = z.object({
  nombre: texto,
  descripcion: z.string().default(''),
  fecha: z.iso.datetime({ offset: true, message: 'debe ser una fecha ISO 8601 con zona, p. ej. 2026-12-05T20:30:00-06:00' }),
  zonaHoraria: z.string().default(DEFAULT_ZONA_HORARIA).refine(isTimeZone, 'no es una zona horaria IANA válida'),
  /** Event type (Conciertos, Deportes, Teatro, Arte, Conferencias…). */
  categoria: texto,
  artista: texto,
  imagenBanner: z.string().nullable().default(null),
  imagenPromocion: z.string().nullable().default(null),
  mostrarWeb: z.boolean().default(true),
  limiteDeAsientos: z.number().int().min(1).max(100).default(10),
  usoDeTarjeta: bps.default(0),
  usoDeServicio: bps.default(0),
  ivaRate: bps.default(1600),
  isIvaApplied: z.boolean().default(false),
  udsPorCategoria: z.boolean().default(false),
  /** Holds may leave a single seat alone between taken seats (off by default; decision 0032). */
  permitirAsientoSolo: z.boolean().default(false),
});

const ESTADOS_ESPECIALES = ['bloqueado', 'inaccesible', 'cortesia', 'ocupado', 'vendido'] as const;

export const eventoImportSchema = z
  .object({
    evento: eventoDefSchema,
    recinto: recintoDefSchema,
    categorias: z
      .array(
        z.object({
          nombre: texto,
          color,
          /** Default price of seats zoned to this category, centavos. */
          precio: centavos,
          cargoPorCategoria: bps.nullable().default(null),
        }),
      )
      .min(1, 'el evento necesita al menos una categoría de precio'),
    /** Per-section price overrides. */
    precios: z.array(z.object({ seccion: texto, categoria: texto, precio: centavos })).default([]),
    asientosEspeciales: z
      .array(z.object({ seccion: texto, fila: texto, numeros: z.array(z.number().int()).min(1), estado: z.enum(ESTADOS_ESPECIALES) }))
      .default([]),
    promociones: z
      .array(
        z.object({
          nombre: texto,
          tipo: z.enum(['PORCENTAJE', 'CANTIDAD']),
          porcentaje: bps.optional(),
          cantidadCompra: z.number().int().min(2).optional(),
          cantidadPaga: z.number().int().min(1).optional(),
          automatica: z.boolean().default(false),
          clave: z
            .string()
            .regex(/^[A-Z0-9_-]{3,32}$/, 'debe ir en mayúsculas (A-Z, 0-9, - o _)')
            .nullable()
            .default(null),
          /** Restrict to these price categories (names) or general sections ('seccion:<clave>'). Empty = whole event. */
          categorias: z.array(texto).default([]),
          /** How many sales may use it (absent = no limit). */
          limiteUsos: z.number().int().min(1).optional(),
        }),
      )
      .default([]),
  })
  .superRefine(crossCheck);

export type EventoImport = z.infer<typeof eventoImportSchema>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('es-MX', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Source-SVG section keys, in document order. */
function svgSectionKeys(svg: string): string[] {
  return [...svg.matchAll(/\bdata-seccion="([^"]*)"/g)].map((m) => m[1] ?? '');
}

type Def = z.infer<z.ZodObject<{ recinto: typeof recintoDefSchema }>> & {
  categorias: { nombre: string }[];
  precios: { seccion: string; categoria: string }[];
  asientosEspeciales: { seccion: string; fila: string; numeros: number[] }[];
  promociones: {
    tipo: string;
    porcentaje?: number | undefined;
    cantidadCompra?: number | undefined;
    cantidadPaga?: number | undefined;
    automatica: boolean;
    clave: string | null;
    categorias: string[];
    limiteUsos?: number | undefined;
  }[];
};

/** References between parts of the file: every name used must exist, and the SVG must match the sections. */
function crossCheck(def: Def, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const categorias = new Set<string>();
  def.categorias.forEach((c, i) => {
    if (categorias.has(c.nombre)) issue(['categorias', i, 'nombre'], `categoría repetida '${c.nombre}'`);
    categorias.add(c.nombre);
  });
  const secciones = new Map<string, (typeof def.recinto.secciones)[number]>();
  def.recinto.secciones.forEach((s, i) => {
    const at = ['recinto', 'secciones', i];
    if (secciones.has(s.clave)) issue([...at, 'clave'], `clave de sección repetida '${s.clave}'`);
    secciones.set(s.clave, s);
    if (s.tipo === 'general') {
      if (s.capacidad === undefined) issue([...at, 'capacidad'], 'una sección general necesita capacidad');
      if (s.precio === undefined) issue([...at, 'precio'], 'una sección general necesita precio');
      if (s.categoria === undefined) issue([...at, 'categoria'], 'una sección general necesita categoria');
      else if (!categorias.has(s.categoria)) issue([...at, 'categoria'], `la categoría '${s.categoria}' no está en categorias`);
      if (s.filas?.length) issue([...at, 'filas'], 'una sección general no lleva filas');
    } else {
      if (!s.filas?.length) issue([...at, 'filas'], `una sección ${s.tipo} necesita filas`);
      const nombres = new Set<string>();
      s.filas?.forEach((f, j) => {
        if (nombres.has(f.nombre)) issue([...at, 'filas', j, 'nombre'], `fila repetida '${f.nombre}'`);
        nombres.add(f.nombre);
        if (!categorias.has(f.zona)) issue([...at, 'filas', j, 'zona'], `la categoría '${f.zona}' no está en categorias`);
      });
    }
  });
  const keys = svgSectionKeys(def.recinto.svg);
  const drawn = new Set(keys);
  keys.forEach((k) => {
    if (!secciones.has(k)) issue(['recinto', 'svg'], `el SVG marca data-seccion="${k}" pero no hay sección con esa clave`);
  });
  def.recinto.secciones.forEach((s, i) => {
    if (!s.seccionAdicional && !drawn.has(s.clave)) {
      issue(
        ['recinto', 'secciones', i, 'clave'],
        `la sección '${s.clave}' no está dibujada en el SVG (data-seccion="${s.clave}"); márcala o usa seccionAdicional`,
      );
    }
  });
  def.precios.forEach((p, i) => {
    if (!secciones.has(p.seccion)) issue(['precios', i, 'seccion'], `no existe la sección '${p.seccion}'`);
    if (!categorias.has(p.categoria)) issue(['precios', i, 'categoria'], `no existe la categoría '${p.categoria}'`);
  });
  def.asientosEspeciales.forEach((a, i) => {
    const s = secciones.get(a.seccion);
    if (!s) return issue(['asientosEspeciales', i, 'seccion'], `no existe la sección '${a.seccion}'`);
    const fila = s.filas?.find((f) => f.nombre === a.fila);
    if (!fila) return issue(['asientosEspeciales', i, 'fila'], `no existe la fila '${a.fila}' en la sección '${a.seccion}'`);
    const last = fila.primerNumero + fila.asientos - 1;
    a.numeros.forEach((n, j) => {
      if (n < fila.primerNumero || n > last)
        issue(['asientosEspeciales', i, 'numeros', j], `el asiento ${n} no existe en la fila '${a.fila}' (${fila.primerNumero}–${last})`);
    });
  });
  const claves = new Set<string>();
  def.promociones.forEach((p, i) => {
    const at = ['promociones', i];
    if (p.tipo === 'PORCENTAJE' && !p.porcentaje) issue([...at, 'porcentaje'], 'una promoción PORCENTAJE necesita porcentaje (puntos base)');
    if (p.tipo === 'CANTIDAD') {
      if (!p.cantidadCompra || !p.cantidadPaga) issue([...at], 'una promoción CANTIDAD necesita cantidadCompra y cantidadPaga');
      else if (p.cantidadPaga >= p.cantidadCompra) issue([...at, 'cantidadPaga'], 'cantidadPaga debe ser menor que cantidadCompra');
    }
    if (!p.automatica && !p.clave) issue([...at, 'clave'], 'una promoción que no es automática necesita clave');
    if (p.clave) {
      if (claves.has(p.clave)) issue([...at, 'clave'], `clave repetida '${p.clave}'`);
      claves.add(p.clave);
    }
    p.categorias.forEach((c, j) => {
      const seccion = c.startsWith('seccion:') ? c.slice('seccion:'.length) : null;
      if (seccion !== null ? secciones.get(seccion)?.tipo !== 'general' : !categorias.has(c)) {
        issue([...at, 'categorias', j], seccion !== null ? `'${seccion}' no es una sección general` : `no existe la categoría '${c}'`);
      }
    });
  });
}

/** Zod issues as 'path: message' lines, the way the CLI prints them. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => {
    const path = i.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
    return `${path || '(raíz)'}: ${i.message}`;
  });
}
