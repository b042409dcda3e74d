import { act, render, screen } from '@testing-library/react';
import { estadoSala } from '@taquilla/shared/api/sala-espera';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueueGate } from './QueueGate';
import WaitingRoomPage, { cuentaRegresiva, duracion } from './WaitingRoomPage';

const estado = vi.hoisted(() => ({ answer: null as null | Record<string, unknown> | Error }));
vi.mock('@taquilla/shared/api/sala-espera', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  estadoSala: vi.fn(async () => {
    if (estado.answer instanceof Error) throw estado.answer;
    return estado.answer;
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

describe('the waiting page asks again when the server says', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls after siguienteConsultaMs, not before, and follows a new hint', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const ahora = new Date().toISOString();
    const waiting = {
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
    estado.answer = { ...waiting, siguienteConsultaMs: 6500 };
    const asked = vi.mocked(estadoSala);
    asked.mockClear();
    render(
      <MemoryRouter initialEntries={['/eventos/7/sala_de_espera']}>
        <Routes>
          <Route path="/eventos/:id/sala_de_espera" element={<WaitingRoomPage />} />
        </Routes>
      </MemoryRouter>,
    );
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
