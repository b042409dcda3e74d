// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './TextField';

afterEach(cleanup);

describe('TextField', () => {
  it('labels its input and ties the hint and the error to it, in the remote’s CSS block', () => {
    render(<TextField block="checkout" label="Número de tarjeta" hint="16 dígitos" error="El número no es válido" defaultValue="4111" />);
    const input = screen.getByRole('textbox', { name: 'Número de tarjeta' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(
      input
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['16 dígitos', 'El número no es válido']);
    expect(input.closest('div')?.className).toBe('checkout__field');
    expect(screen.getByText('El número no es válido').className).toBe('checkout__field-error');
    expect(screen.getByText('16 dígitos').className).toBe('checkout__field-hint');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without an error the input is not marked invalid; announceError makes the message an alert', () => {
    const { rerender } = render(<TextField block="auth" label="Correo" />);
    const input = screen.getByRole('textbox', { name: 'Correo' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    rerender(<TextField block="auth" label="Correo" error="Correo inválido" announceError />);
    expect(screen.getByRole('alert').textContent).toBe('Correo inválido');
  });
});
