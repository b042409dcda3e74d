import { describe, expect, it } from 'vitest';
import { returnPath } from './return-to';

describe('returnPath', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/perfil/mis_eventos', search: '?compra=3', hash: '#boletos' } })).toBe('/perfil/mis_eventos?compra=3#boletos');
  });

  it('goes home without a page to return to', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: { pathname: 42 } })).toBe('/');
  });

  it('never leaves the site nor loops through another auth page', () => {
    expect(returnPath({ from: { pathname: '//evil.example/x' } })).toBe('/');
    expect(returnPath({ from: { pathname: 'https://evil.example/' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/\\evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/auth/login' } })).toBe('/');
  });
});
