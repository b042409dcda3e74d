import { describe, expect, it } from 'vitest';
import { readViewState, writeViewState } from './view-params';

describe('readViewState', () => {
  it('defaults to upcoming events as a list', () => {
    expect(readViewState(new URLSearchParams())).toEqual({ tab: 'proximos', vista: 'lista' });
  });
  it('reads the past tab and the grid', () => {
    expect(readViewState(new URLSearchParams('tab=pasados&vista=cuadricula'))).toEqual({ tab: 'pasados', vista: 'cuadricula' });
  });
  it('reads unknown values as the defaults', () => {
    expect(readViewState(new URLSearchParams('tab=todos&vista=mosaico'))).toEqual({ tab: 'proximos', vista: 'lista' });
  });
});

describe('writeViewState', () => {
  it('writes only what differs from the defaults and keeps other params', () => {
    const next = writeViewState(new URLSearchParams('utm=correo'), { vista: 'cuadricula' });
    expect(next.toString()).toBe('utm=correo&vista=cuadricula');
  });
  it('changing one keeps the other, and a default removes its param', () => {
    const grid = new URLSearchParams('tab=pasados&vista=cuadricula');
    expect(writeViewState(grid, { tab: 'proximos' }).toString()).toBe('vista=cuadricula');
    expect(writeViewState(grid, { vista: 'lista' }).toString()).toBe('tab=pasados');
  });
  it('does not mutate its input', () => {
    const params = new URLSearchParams('tab=pasados');
    writeViewState(params, { tab: 'proximos' });
    expect(params.toString()).toBe('tab=pasados');
  });
});
