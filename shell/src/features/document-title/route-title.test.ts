import { describe, expect, it } from 'vitest';
import { routeTitle } from './route-title';

describe('routeTitle', () => {
  it.each([
    ['/eventos', 'Próximos eventos · Taquilla'],
    ['/eventos/informacion/3', 'Información del evento · Taquilla'],
    ['/eventos/3', 'Elige tus lugares · Taquilla'],
    ['/eventos/3/sala_de_espera', 'Sala de espera · Taquilla'],
    ['/eventos/3/12/Platea%20Alta', 'Sección Platea Alta · Taquilla'],
    ['/eventos/3/12/%E0%A4%A', 'Sección %E0%A4%A · Taquilla'],
    ['/terminar_compra/r/false/0', 'Confirmación de pago · Taquilla'],
    ['/perfil/mis_compras', 'Mi cuenta · Taquilla'],
    ['/factura/inv/res', 'Factura de tu compra · Taquilla'],
    ['/auth/login', 'Iniciar sesión · Taquilla'],
    ['/auth/register', 'Crear cuenta · Taquilla'],
    ['/auth/reset/abc', 'Nueva contraseña · Taquilla'],
    ['/legales/aviso_de_privacidad', 'Aviso de privacidad · Taquilla'],
    ['/esto/no/existe', 'Página no encontrada · Taquilla'],
    ['/eventos/abc', 'Página no encontrada · Taquilla'],
  ])('%s → %s', (path, title) => {
    expect(routeTitle(path)).toBe(title);
  });

  it('every route has its own title', () => {
    const paths = [
      '/eventos',
      '/eventos/informacion/1',
      '/eventos/1',
      '/eventos/1/2/A',
      '/perfil',
      '/factura/a/b',
      '/auth/login',
      '/auth/register',
      '/legales/nuestras_politicas',
      '/x',
    ];
    expect(new Set(paths.map(routeTitle)).size).toBe(paths.length);
  });
});
