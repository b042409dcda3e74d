import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { FirstScreenDeclaration } from '@taquilla/shared/landing';
import { eventoDetalle } from '@taquilla/shared/testing/evento';
import { firstScreenHarness } from '@taquilla/shared/testing/first-screen';
import CheckoutPanel from './CheckoutPanel';
import firstScreen from './first-screen.json';

// Each module's declared first answers (first-screen.json) must be what it asks for first
// (the harness: @taquilla/shared/testing/first-screen).
const screen = firstScreenHarness(firstScreen as FirstScreenDeclaration);
const { inline, left } = screen;

const answers: Record<string, unknown> = {
  '/eventos/7/detalle': eventoDetalle({ id: 7, nombre: 'Luna Roja' }),
};

describe("checkout's first-screen declaration is what its modules read first", () => {
  it('CheckoutPanel (beside the seat map, {eventoId} from the seat page the shell passes)', async () => {
    const urls = inline('CheckoutPanel', answers, { eventoId: '7' });
    expect(urls).toEqual(['/eventos/7/detalle']);
    render(
      <MemoryRouter>
        <CheckoutPanel eventoId="7" seccionId="3" />
      </MemoryRouter>,
    );
    await waitFor(() => expect(left()).toEqual([]));
    for (const url of urls) expect(screen.network).not.toContain(url);
  });
});
