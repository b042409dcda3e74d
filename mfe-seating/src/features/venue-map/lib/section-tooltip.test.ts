import { describe, expect, it } from 'vitest';
import type { Seccion } from '@taquilla/shared/schemas/catalogo';
import { availabilityText, sectionAriaLabel, sectionTooltip } from './section-tooltip';

const seccion = (over: Partial<Seccion> = {}): Seccion => ({
  id: 5,
  nombre: 'Sección 104',
  bloque: { id: 1, nombre: 'Platea' },
  tipo_seccion: 'numerada',
  precioSeccion: 180000,
  nombreEspecial: null,
  seccionAdicional: false,
  asientosDisponibles: 42,
  capacidad: 128,
  disponiblesPorCategoria: [
    { categoria: 'VIP', disponibles: 42 },
    { categoria: 'Platea', disponibles: 0 },
  ],
  colores: ['#f00'],
  uds: null,
  ...over,
});

describe('section tooltip', () => {
  it('names the section, its type and the availability per category, Agotado at 0', () => {
    expect(sectionTooltip(seccion())).toEqual({
      titulo: 'Sección 104',
      tipo: 'Numerada',
      disponibilidad: [
        { categoria: 'VIP', texto: '42 disponibles' },
        { categoria: 'Platea', texto: 'Agotado' },
      ],
    });
  });

  it('uses the special name and the section total when no category is listed', () => {
    const t = sectionTooltip(seccion({ nombreEspecial: 'Experiencia Fan Zone', tipo_seccion: 'general', disponiblesPorCategoria: [], asientosDisponibles: 1 }));
    expect(t.titulo).toBe('Experiencia Fan Zone');
    expect(t.tipo).toBe('General');
    expect(t.disponibilidad).toEqual([{ categoria: 'Lugares', texto: '1 disponible' }]);
  });

  it('formats large counts in es-MX and says the same in the accessible name', () => {
    expect(availabilityText(4988)).toBe('4,988 disponibles');
    expect(sectionAriaLabel(seccion())).toBe('Sección 104, sección numerada. VIP: 42 disponibles; Platea: Agotado');
  });
});
