import type { Seccion, TipoSeccion } from '@taquilla/shared/schemas/catalogo';
import { catalogoMessages } from '@taquilla/shared/messages/catalogo';

const TIPO_SECCION_LABEL: Record<TipoSeccion, string> = {
  general: 'General',
  numerada: 'Numerada',
  mesa: 'Mesas',
};

export interface SectionTooltip {
  titulo: string;
  tipo: string;
  disponibilidad: { categoria: string; texto: string }[];
}

export function availabilityText(disponibles: number): string {
  if (disponibles <= 0) return catalogoMessages.SOLD_OUT;
  return `${disponibles.toLocaleString('es-MX')} ${disponibles === 1 ? 'disponible' : 'disponibles'}`;
}

/** What the hover/focus tooltip of a section says (spec §2: name, type, availability per category). */
export function sectionTooltip(seccion: Seccion): SectionTooltip {
  const porCategoria = seccion.disponiblesPorCategoria.map((d) => ({ categoria: d.categoria, texto: availabilityText(d.disponibles) }));
  return {
    titulo: seccion.nombreEspecial || seccion.nombre,
    tipo: TIPO_SECCION_LABEL[seccion.tipo_seccion],
    disponibilidad: porCategoria.length > 0 ? porCategoria : [{ categoria: 'Lugares', texto: availabilityText(seccion.asientosDisponibles) }],
  };
}

/** The accessible name of a section's shape: the same facts as the tooltip, in one sentence. */
export function sectionAriaLabel(seccion: Seccion): string {
  const t = sectionTooltip(seccion);
  const lines = t.disponibilidad.map((d) => `${d.categoria}: ${d.texto}`).join('; ');
  return `${t.titulo}, sección ${t.tipo.toLocaleLowerCase('es-MX')}. ${lines}`;
}
