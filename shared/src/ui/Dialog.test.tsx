// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

afterEach(cleanup);

function renderDialog(locked: boolean, onRequestClose = vi.fn()) {
  render(
    <Dialog open labelledBy="t" locked={locked} onRequestClose={onRequestClose}>
      <h2 id="t">Boletos</h2>
      <button type="button">Primero</button>
      <button type="button">Último</button>
    </Dialog>,
  );
  return onRequestClose;
}

/** An opener button and a dialog it opens; 'Cancelar' (autofocused) closes it. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Eliminar
      </button>
      <Dialog open={open} labelledBy="c" onRequestClose={() => setOpen(false)}>
        <h2 id="c">¿Eliminar la tarjeta?</h2>
        <button type="button">Eliminar</button>
        <button type="button" data-autofocus onClick={() => setOpen(false)}>
          Cancelar
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal dialog, its content rendered only while open', () => {
    const { rerender } = render(
      <Dialog open={false} labelledBy="t" onRequestClose={() => {}}>
        <h2 id="t">Boletos</h2>
      </Dialog>,
    );
    expect(screen.queryByText('Boletos')).toBeNull();
    rerender(
      <Dialog open labelledBy="t" onRequestClose={() => {}} role="alertdialog" className="x-dialog">
        <h2 id="t">Boletos</h2>
      </Dialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Boletos' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.className).toBe('x-dialog');
  });

  it('focuses the control marked data-autofocus, and gives the focus back to the opener on close', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Eliminar' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('wraps Tab and Shift+Tab between its first and last control', () => {
    renderDialog(false);
    const first = screen.getByRole('button', { name: 'Primero' });
    const last = screen.getByRole('button', { name: 'Último' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('Escape asks to close once, unless locked', () => {
    const onClose = renderDialog(false);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Primero' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
    cleanup();
    const onLockedClose = renderDialog(true);
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    fireEvent.keyDown(screen.getByRole('button', { name: 'Primero' }), { key: 'Escape' });
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onLockedClose).not.toHaveBeenCalled();
    // A close that slipped through (Chrome's repeated Escape) is undone while locked.
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(dialog.open).toBe(true);
  });
});
