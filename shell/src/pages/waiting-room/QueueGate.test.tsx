import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueueGate } from './QueueGate';
import { cuentaRegresiva, duracion } from './WaitingRoomPage';

const estado = vi.hoisted(() => ({ answer: null as null | { estado: string } | Error }));
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
        <Route path="/eventos/:id" element={<QueueGate param="id"><p>mapa del evento</p></QueueGate>} />
        <Route path="/eventos/:id/sala_de_espera" element={<p>sala de espera</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('QueueGate: a queued event\'s seat pages wait behind its waiting room', () => {
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

describe('the waiting page\'s figures', () => {
  it('formats the countdown and the estimated wait', () => {
    expect(cuentaRegresiva(3725)).toBe('01:02:05');
    expect(cuentaRegresiva(90_061)).toBe('1 día 01:01:01');
    expect(cuentaRegresiva(-4)).toBe('00:00:00');
    expect(duracion(45)).toBe('45 s');
    expect(duracion(61)).toBe('2 min');
    expect(duracion(7500)).toBe('2 h 05 min');
  });
});
