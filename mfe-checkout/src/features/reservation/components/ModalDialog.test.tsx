import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './ModalDialog';

afterEach(cleanup);

function renderDialog(locked: boolean, onRequestClose = vi.fn()) {
  render(
    <ModalDialog open labelledBy="t" locked={locked} onRequestClose={onRequestClose}>
      <h2 id="t">Boletos</h2>
      <button type="button">Primero</button>
      <button type="button">Último</button>
    </ModalDialog>,
  );
  return onRequestClose;
}

describe('ModalDialog', () => {
  it('is a labelled modal dialog', () => {
    renderDialog(false);
    expect((screen.getByRole('dialog', { name: 'Boletos' }) as HTMLDialogElement).open).toBe(true);
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

  it('Escape asks to close unless locked', () => {
    const onClose = renderDialog(false);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    const onLockedClose = renderDialog(true);
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onLockedClose).not.toHaveBeenCalled();
    // A close that slipped through (Chrome's repeated Escape) is undone while locked.
    dialog.close();
    expect(dialog.open).toBe(true);
  });
});
