import { act, render, screen } from '@testing-library/react';
import { estadoSala, filaSala } from '@taquilla/shared/api/sala-espera';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFederation, WithFederation } from '../../testing/fake-federation';
import { QueueGate } from './QueueGate';
import WaitingRoomPage, { cuentaRegresiva, duracion } from './WaitingRoomPage';

const estado = vi.hoisted(() => ({ answer: null as null | Record<string, unknown> | Error, fila: null as null | Record<string, unknown> }));
vi.mock('@taquilla/shared/api/sala-espera', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  estadoSala: vi.fn(async () => {
    if (estado.answer instanceof Error) throw estado.answer;
    return estado.answer;
  }),
  filaSala: vi.fn(async () => {
    if (!estado.fila) throw new Error('sin fila compartida');
    return estado.fila;
  }),
}));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/eventos/:id"
          element={
            <QueueGate param="id">
              <p>mapa del evento</p>
            </QueueGate>
          }
        />
        <Route path="/eventos/:id/sala_de_espera" element={<p>sala de espera</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("QueueGate: a queued event's seat pages wait behind its waiting room", () => {
  beforeEach(() => {
    estado.answer = null;
  });

  it.each(['sin_lugar', 'antes', 'esperando', 'expirado', 'agotado'])('sends a browser in state %s to the waiting room', async (e) => {
    estado.answer = { estado: e };
    renderAt('/eventos/7');
    expect(await screen.findByText('sala de espera')).toBeTruthy();
    expect(screen.queryByText('mapa del evento')).toBeNull();
  });

  it.each(['sin_fila', 'admitido'])('shows the page to a browser in state %s', async (e) => {
    estado.answer = { estado: e };
    renderAt('/eventos/7');
    expect(await screen.findByText('mapa del evento')).toBeTruthy();
  });

  it("loads the guarded page's remotes while it asks, and shows nothing of the page before the answer", async () => {
    let answer: (value: unknown) => void = () => undefined;
    vi.mocked(estadoSala).mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve as (value: unknown) => void)) as ReturnType<typeof estadoSala>,
    );
    const federation = createFakeFederation();
    render(
      <WithFederation federation={federation}>
        <MemoryRouter initialEntries={['/eventos/7/3/Palcos']}>
          <Routes>
            <Route
              path="/eventos/:eventoId/:seccionId/:seccion"
              element={
                <QueueGate
                  param="eventoId"
                  slots={[
                    ['seating', 'SeatSelection'],
                    ['checkout', 'CheckoutPanel'],
                  ]}
                >
                  <p>mapa de la sección</p>
                </QueueGate>
              }
            />
          </Routes>
        </MemoryRouter>
      </WithFederation>,
    );
    await vi.waitFor(() =>
      expect(federation.preloaded).toEqual([
        ['seating', ['SeatSelection']],
        ['checkout', ['CheckoutPanel']],
      ]),
    );
    expect(screen.queryByText('mapa de la sección')).toBeNull();
    await act(async () => answer({ estado: 'sin_fila' }));
    expect(await screen.findByText('mapa de la sección')).toBeTruthy();
  });

  it('shows the page when the API cannot be asked (the server still checks the pass)', async () => {
    estado.answer = new Error('sin red');
    renderAt('/eventos/7');
    expect(await screen.findByText('mapa del evento')).toBeTruthy();
  });
});

describe("the waiting page's figures", () => {
  it('formats the countdown and the estimated wait', () => {
    expect(cuentaRegresiva(3725)).toBe('01:02:05');
    expect(cuentaRegresiva(90_061)).toBe('1 día 01:01:01');
    expect(cuentaRegresiva(-4)).toBe('00:00:00');
    expect(duracion(45)).toBe('45 s');
    expect(duracion(61)).toBe('2 min');
    expect(duracion(7500)).toBe('2 h 05 min');
  });
});

/** The waiting page of event 7, as its route renders it. */
function renderWaitingPage() {
  render(
    <MemoryRouter initialEntries={['/eventos/7/sala_de_espera']}>
      <Routes>
        <Route path="/eventos/:id/sala_de_espera" element={<WaitingRoomPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The personal answer of a browser waiting at place 400, at 60 a minute (400 s away). */
function esperandoEn400(ahora: string) {
  return {
    estado: 'esperando',
    ahora,
    inicio: ahora,
    pausada: false,
    ritmoPorMinuto: 60,
    lugar: 400,
    esperaSegundos: 400,
    paseExpira: null,
    consultarEnSegundos: 7,
  };
}

describe('the waiting page asks again when the server says', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls after siguienteConsultaMs, not before, and follows a new hint', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const waiting = esperandoEn400(new Date().toISOString());
    estado.answer = { ...waiting, siguienteConsultaMs: 6500 };
    const asked = vi.mocked(estadoSala);
    asked.mockClear();
    renderWaitingPage();
    await act(async () => {});
    expect(asked).toHaveBeenCalledTimes(1);
    expect(screen.getByText('400')).toBeTruthy();
    // Far back: not before the hint.
    await act(() => vi.advanceTimersByTimeAsync(6400));
    expect(asked).toHaveBeenCalledTimes(1);
    estado.answer = { ...waiting, lugar: 12, esperaSegundos: 12, consultarEnSegundos: 2, siguienteConsultaMs: 1800 };
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(asked).toHaveBeenCalledTimes(2);
    expect(screen.getByText('12')).toBeTruthy();
    // Near the front now: the next poll follows the new, shorter hint.
    // (asked at 6,500 ms, now 6,600: the next one due at 8,300)
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(asked).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(asked).toHaveBeenCalledTimes(3);
  });
});

describe('far back in line, the waiting page reads the shared answer and asks for its own only when due', () => {
  afterEach(() => {
    vi.useRealTimers();
    estado.fila = null;
  });

  const ahora = new Date().toISOString();
  // Number 500 in line, 100 admitted: place 400, at 60 a minute 400 s away.
  const waiting = { ...esperandoEn400(ahora), numero: 500, siguienteConsultaMs: 7000 };
  const fila = (f: Record<string, unknown>) => ({
    estado: 'abierta',
    inicio: ahora,
    ahora,
    pausada: false,
    admitidosHasta: 100,
    ritmoPorMinuto: 60,
    admisionPorMinuto: 60,
    siguienteConsultaMs: 7000,
    ...f,
  });

  async function open() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.mocked(estadoSala).mockClear();
    vi.mocked(filaSala).mockClear();
    estado.answer = waiting;
    renderWaitingPage();
    await act(async () => {});
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(1);
    expect(screen.getByText('400')).toBeTruthy();
  }

  it('works out its place and wait from the shared answer and its own number, without asking for its own answer', async () => {
    await open();
    estado.fila = fila({ admitidosHasta: 300 });
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(vi.mocked(filaSala)).toHaveBeenCalledTimes(1);
    // 500 − 300 = 200th, 199 ahead, 200 s at 60 a minute.
    expect(screen.getByText('200')).toBeTruthy();
    expect(screen.getByText('199')).toBeTruthy();
    expect(screen.getByText('4 min')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(vi.mocked(filaSala)).toHaveBeenCalledTimes(2);
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(1);
  });

  it('near the front asks the shared answer every 1.5–2 s, and asks for its own answer (the pass) when its number is admitted', async () => {
    await open();
    estado.fila = fila({ admitidosHasta: 490 });
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(screen.getByText('10')).toBeTruthy();
    expect(vi.mocked(filaSala)).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(vi.mocked(filaSala)).toHaveBeenCalledTimes(2);
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(1);
    estado.fila = fila({ admitidosHasta: 520 });
    estado.answer = { ...waiting, estado: 'admitido', lugar: null, numero: null, esperaSegundos: null, paseExpira: ahora, siguienteConsultaMs: 30_000 };
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Elegir lugares' })).toBeTruthy();
  });

  it("is told the sell-out: the shared answer says 'agotado', its own answer confirms, and it then waits on the shared one", async () => {
    await open();
    estado.fila = fila({ estado: 'agotado', siguienteConsultaMs: 15_000 });
    estado.answer = { ...waiting, estado: 'agotado', lugar: null, esperaSegundos: null, siguienteConsultaMs: 15_000 };
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(vi.mocked(filaSala)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(2);
    expect(screen.getByText(/Boletos agotados/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(vi.mocked(filaSala)).toHaveBeenCalledTimes(2);
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(2);
  });

  it('asks for its own answer on a pause, on waking, and at least every minute', async () => {
    await open();
    estado.fila = fila({ pausada: true });
    estado.answer = { ...waiting, pausada: true, esperaSegundos: null };
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(2);
    expect(screen.getByText('La fila está en pausa por el momento. Conservas tu lugar.')).toBeTruthy();
    // Shown again (a phone waking up): its own answer at once.
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(3);
    // Otherwise on the shared answer, but never more than a minute without its own.
    vi.mocked(estadoSala).mockClear();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(0);
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(vi.mocked(estadoSala)).toHaveBeenCalledTimes(1);
  });
});
