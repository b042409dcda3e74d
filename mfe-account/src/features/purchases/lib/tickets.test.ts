import { describe, expect, it } from 'vitest';
import { boleto, pase } from '../../../testing/fixtures';
import { groupBySection, placeLabel, ticketViews } from './tickets';

describe('ticketViews', () => {
  it('merges seats and general places, seats in walking order and general after', () => {
    const views = ticketViews({
      boletos: [boleto({ fila: '10', numero: 2 }), boleto({ fila: '2', numero: 7 }), boleto({ fila: '2', numero: 5 })],
      pasesGenerales: [pase({})],
    });
    expect(views.map((t) => placeLabel(t))).toEqual(['Fila 2 · Asiento 5', 'Fila 2 · Asiento 7', 'Fila 10 · Asiento 2', 'Acceso general']);
  });

  it('a general place takes precioEspecial and a missing category reads General', () => {
    const [general] = ticketViews({ boletos: [], pasesGenerales: [pase({ precio: 100, precioEspecial: 45000 })] });
    expect(general).toMatchObject({ categoria: 'General', precio: 45000, fila: null, numero: null, seccion: 'Pista', bloque: 'Planta baja' });
  });

  it('a seat keeps its category, block, section, price and QR payload', () => {
    const b = boleto({ categoria: 'Oro', precio: 125000 });
    const [seat] = ticketViews({ boletos: [b], pasesGenerales: [] });
    expect(seat).toEqual({
      id: b.id,
      qr: b.quemadoUUID,
      categoria: 'Oro',
      bloque: 'Bloque A',
      seccion: 'Sección 104',
      fila: 'B',
      numero: 1,
      precio: 125000,
    });
  });
});

describe('groupBySection', () => {
  it('one group per block and section, in ticket order', () => {
    const views = ticketViews({
      boletos: [boleto({ seccion: 'Sección 105' }), boleto({ seccion: 'Sección 104' }), boleto({ seccion: 'Sección 104', numero: 2 })],
      pasesGenerales: [pase({})],
    });
    const groups = groupBySection(views);
    expect(groups.map((g) => [g.seccion, g.tickets.length])).toEqual([
      ['Sección 104', 2],
      ['Sección 105', 1],
      ['Pista', 1],
    ]);
  });
  it('is empty for no tickets', () => {
    expect(groupBySection([])).toEqual([]);
  });
});
