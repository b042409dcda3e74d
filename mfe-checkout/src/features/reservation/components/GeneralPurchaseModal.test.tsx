import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, generalRequestAtom, store as page, type GeneralRequest } from '@taquilla/shared';
import type { DetalleSeccionResponse, EventoDetalle } from '@taquilla/shared/schemas/catalogo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESERVA_ID, fakeDeps, reservaDetalle, signIn, signOut } from '../../../testing/holds';
import type { CatalogReads } from '../api/use-general-section';
import { defaultPaymentDeps } from '../../payment/api/deps';
import { cotizacion } from '../../../testing/payment';
import { GeneralPurchaseModal } from './GeneralPurchaseModal';

/** The server's quote of `cantidad` places of General A ($450.50, 10 % service, 3 % card, no IVA). */
const quoteOf = (cantidad: number) =>
  cotizacion({ subtotal: 45_050 * cantidad, cargoServicio: 4_505 * cantidad, cargoTarjeta: 1_352 * cantidad, total: 50_907 * cantidad });

const NOW = new Date('2026-11-26T10:00:00.000Z');
const EXPIRA = '2026-11-26T10:10:00.000Z';

function catalogWith(disponibles: number, limiteDeAsientos = 4): CatalogReads {
  return {
    getEventoDetalle: vi.fn().mockResolvedValue({ id: 1, limiteDeAsientos } as unknown as EventoDetalle),
    getDetalleSeccion: vi.fn().mockResolvedValue({
      preciosCategorias: [],
      secciones: [
        { id: 4, nombre: 'Platea', tipo_seccion: 'numerada', precioSeccion: 90_000, nombreEspecial: null, asientosDisponibles: 80 },
        { id: 5, nombre: 'General A', tipo_seccion: 'general', precioSeccion: 45_050, nombreEspecial: null, asientosDisponibles: disponibles },
      ],
    } as unknown as DetalleSeccionResponse),
  };
}

/** What seating's map does on a click on a general section. */
const ask = (request: GeneralRequest) => act(() => page.set(generalRequestAtom, request));

const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** The quantity has rested and its quote is in: 'Siguiente' is enabled. */
const priced = () => tick(250);

async function openFor(fake = fakeDeps(), catalog = catalogWith(500), eventoId = '1') {
  render(<GeneralPurchaseModal eventoId="1" deps={fake.deps} catalog={catalog} />);
  await settle();
  ask({ eventoId, seccionId: '5', seccionNombre: 'General A' });
  await settle();
  return fake;
}

const dialog = () => screen.getByRole('dialog', { name: 'Boletos: General A' });
const quantity = () => screen.getByLabelText('Cantidad de boletos') as HTMLSelectElement;

let cotizar: { mockRestore(): void };

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  signIn();
  cotizar = vi.spyOn(defaultPaymentDeps, 'cotizar').mockImplementation(async (_e, payload) => quoteOf('cantidad' in payload ? payload.cantidad : 0));
});

afterEach(() => {
  cleanup();
  page.set(generalRequestAtom, null);
  cotizar.mockRestore();
  vi.useRealTimers();
});

describe('GeneralPurchaseModal', () => {
  it('stays closed until seating announces a general section of this event', async () => {
    render(<GeneralPurchaseModal eventoId="1" deps={fakeDeps().deps} catalog={catalogWith(500)} />);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    ask({ eventoId: '2', seccionId: '5', seccionNombre: 'General A' });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with a request made before it mounted (the shell mounts it on demand), only for this event', async () => {
    page.set(generalRequestAtom, { eventoId: '2', seccionId: '5', seccionNombre: 'General A' });
    const { unmount } = render(<GeneralPurchaseModal eventoId="1" deps={fakeDeps().deps} catalog={catalogWith(500)} />);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    page.set(generalRequestAtom, { eventoId: '1', seccionId: '5', seccionNombre: 'General A' });
    render(<GeneralPurchaseModal eventoId="1" deps={fakeDeps().deps} catalog={catalogWith(500)} />);
    await settle();
    expect(Array.from(quantity().options).map((o) => o.value)).toEqual(['1', '2', '3', '4']);
    expect(dialog().textContent).toContain('Precio por boleto$450.50');
    // Taken: a later page does not open it again.
    expect(page.get(generalRequestAtom)).toBeNull();
  });

  describe('a click while the saved hold is looked up', () => {
    const saved = { eventoId: '1', reservaId: RESERVA_ID, esGeneral: true };
    const clickGeneralA = () => ask({ eventoId: '1', seccionId: '5', seccionNombre: 'General A' });

    function lookup() {
      const fake = fakeDeps(saved);
      let answer!: (detalle: ReturnType<typeof reservaDetalle>) => void;
      fake.api.getReserva.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      render(<GeneralPurchaseModal eventoId="1" deps={fake.deps} catalog={catalogWith(500)} />);
      return { fake, answer };
    }

    it('opens the modal once the saved hold turns out dead', async () => {
      const { answer } = lookup();
      await settle();
      clickGeneralA();
      await settle();
      expect(screen.queryByRole('dialog')).toBeNull();
      answer(reservaDetalle({ esGeneral: true, seccionId: 5, estado: 'expirada', asientos: [] }));
      await settle();
      await settle();
      expect(Array.from(quantity().options).map((o) => o.value)).toEqual(['1', '2', '3', '4']);
    });

    it('gives way to a live hold that comes back, which keeps its own section', async () => {
      const { answer } = lookup();
      await settle();
      ask({ eventoId: '1', seccionId: '4', seccionNombre: 'Platea' });
      answer(reservaDetalle({ esGeneral: true, seccionId: 5, cantidad: 2, asientos: [], fechaExpiracion: '2026-11-26T10:03:00.000Z' }));
      await settle();
      await settle();
      expect(within(dialog()).getByRole('timer').textContent).toContain('03:00');
      expect(screen.queryByLabelText('Cantidad de boletos')).toBeNull();
    });
  });

  it('step 1 offers 1..limit with the price and the server quote of that many', async () => {
    await openFor();
    expect((dialog() as HTMLDialogElement).open).toBe(true);
    expect(Array.from(quantity().options).map((o) => o.value)).toEqual(['1', '2', '3', '4']);
    expect(dialog().textContent).toContain('Precio por boleto$450.50');
    await tick(250);
    await settle();
    expect(dialog().textContent).toContain('Total$509.07');
    fireEvent.change(quantity(), { target: { value: '3' } });
    await tick(250);
    await settle();
    expect(dialog().textContent).toContain('Subtotal$1,351.50');
    expect(dialog().textContent).toContain('Total$1,527.21');
    expect(defaultPaymentDeps.cotizar).toHaveBeenLastCalledWith('1', { seccionId: 5, cantidad: 3 }, expect.any(AbortSignal));
  });

  it('never offers more than the section has free', async () => {
    await openFor(fakeDeps(), catalogWith(2));
    expect(Array.from(quantity().options).map((o) => o.value)).toEqual(['1', '2']);
  });

  it('a sold-out section says Agotado and offers no Siguiente', async () => {
    await openFor(fakeDeps(), catalogWith(0));
    expect(within(dialog()).queryByText('Agotado')).not.toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Siguiente' })).toBeNull();
  });

  it("'Siguiente' holds N places and shows the countdown; the modal cannot be dismissed while held", async () => {
    const fake = fakeDeps();
    fake.api.reservarGenerales.mockResolvedValue({ id: RESERVA_ID, reservaId: RESERVA_ID, fechaExpiracion: EXPIRA });
    fake.api.getReserva.mockResolvedValue(reservaDetalle({ esGeneral: true, seccionId: 5, cantidad: 3, asientos: [], fechaExpiracion: EXPIRA }));
    await openFor(fake);
    fireEvent.change(quantity(), { target: { value: '3' } });
    // Three places are priced before they can be held.
    expect((screen.getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement).disabled).toBe(true);
    await priced();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await settle();
    expect(fake.api.reservarGenerales).toHaveBeenCalledWith('1', { cantidadAsientos: 3, seccionId: 5 });
    expect(within(dialog()).getByRole('timer').textContent).toContain('10:00');
    expect(dialog().textContent).toContain('3 boletos · $1,351.50');
    expect(fake.store.value).toEqual({ eventoId: '1', reservaId: RESERVA_ID, esGeneral: true, volverA: '/' });
    expect(within(dialog()).queryByRole('button', { name: 'Cerrar' })).toBeNull();
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect((dialog() as HTMLDialogElement).open).toBe(true);

    fake.api.cancelarReserva.mockResolvedValue({ reservaId: RESERVA_ID, estado: 'cancelada' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancelar la compra' }));
    await settle();
    expect(fake.api.cancelarReserva).toHaveBeenCalledWith('1', { reservaId: RESERVA_ID, esGeneral: true });
    await tick(2000);
    expect(fake.reload).toHaveBeenCalledTimes(1);
  });

  it('a guest gives name and e-mail first, and they travel with the request', async () => {
    signOut();
    const fake = fakeDeps();
    fake.api.reservarGenerales.mockResolvedValue({ id: RESERVA_ID, reservaId: RESERVA_ID, fechaExpiracion: EXPIRA });
    fake.api.getReserva.mockResolvedValue(reservaDetalle({ esGeneral: true, seccionId: 5, cantidad: 1, asientos: [], fechaExpiracion: EXPIRA }));
    await openFor(fake);
    await priced();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(within(dialog()).queryByText('Ingresa el nombre')).not.toBeNull();
    expect(fake.api.reservarGenerales).not.toHaveBeenCalled();
    fireEvent.change(within(dialog()).getByLabelText('Nombre'), { target: { value: 'Ana' } });
    fireEvent.change(within(dialog()).getByLabelText('Correo electrónico'), { target: { value: 'ana@ejemplo.mx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await settle();
    expect(fake.api.reservarGenerales).toHaveBeenCalledWith('1', { cantidadAsientos: 1, seccionId: 5, nombre: 'Ana', correo: 'ana@ejemplo.mx' });
  });

  it('a refused hold shows the reason, and reopening starts clean', async () => {
    const fake = fakeDeps();
    fake.api.reservarGenerales.mockRejectedValue(new ApiError({ status: 400, messages: ['Puedes reservar como máximo 4 lugares en este evento.'] }));
    await openFor(fake);
    await priced();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await settle();
    expect(within(dialog()).getByRole('alert').textContent).toBe('Puedes reservar como máximo 4 lugares en este evento.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cerrar' }));
    ask({ eventoId: '1', seccionId: '5', seccionNombre: 'General A' });
    await settle();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('closes from step 1 with the close button or Escape', async () => {
    await openFor();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    ask({ eventoId: '1', seccionId: '5', seccionNombre: 'General A' });
    await settle();
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reopens on the live general hold found after a reload', async () => {
    const fake = fakeDeps({ eventoId: '1', reservaId: RESERVA_ID, esGeneral: true });
    fake.api.getReserva.mockResolvedValue(
      reservaDetalle({ esGeneral: true, seccionId: 5, cantidad: 2, asientos: [], fechaExpiracion: '2026-11-26T10:03:00.000Z' }),
    );
    render(<GeneralPurchaseModal eventoId="1" deps={fake.deps} catalog={catalogWith(500)} />);
    await settle();
    await settle();
    expect(within(dialog()).getByRole('timer').textContent).toContain('03:00');
    expect(dialog().textContent).toContain('2 boletos · $901.00');
  });
});
