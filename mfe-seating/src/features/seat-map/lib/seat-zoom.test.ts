import { describe, expect, it } from 'vitest';
import { canvasScale, fitCell, MIN_TARGET, PICK_CELL, scrollToAnchor } from './seat-zoom';

describe('fitCell', () => {
  it('fits a row of 16 seats across a 390 px phone (about 300 px for the seats)', () => {
    const cell = fitCell(302, 16, 24);
    expect(cell * 16).toBeLessThanOrEqual(302);
    expect(cell).toBeGreaterThan(18);
    expect(cell).toBeLessThan(MIN_TARGET);
  });
  it('never grows past the size the map uses anyway', () => {
    expect(fitCell(1000, 10, 24)).toBe(24);
  });
  it('a 100-seat row becomes an overview, down to a floor', () => {
    expect(fitCell(300, 100, 24)).toBe(3);
    expect(fitCell(300, 400, 24)).toBe(3);
  });
  it('nothing to fit: the base size', () => {
    expect(fitCell(0, 16, 24)).toBe(24);
    expect(fitCell(300, 0, 24)).toBe(24);
  });
});

describe('scrollToAnchor', () => {
  it('centres the tapped seat once zoomed in to pick', () => {
    const at = scrollToAnchor({ col: 13, row: 1 }, PICK_CELL, 30, { width: 358, height: 500 });
    expect(at.left).toBe(30 + 13.5 * PICK_CELL - 179);
    expect(at.top).toBe(0);
  });
  it('never scrolls before the start', () => {
    expect(scrollToAnchor({ col: 0, row: 0 }, PICK_CELL, 30, { width: 358, height: 300 })).toEqual({ left: 0, top: 0 });
  });
});

describe('canvasScale', () => {
  it("keeps the screen's density for an ordinary section", () => {
    expect(canvasScale(16 * 44, 8 * 44, 3)).toBe(3);
  });
  it('lowers it for a zoomed stadium section so the canvas stays within budget', () => {
    const w = 100 * 44;
    const h = 50 * 44;
    const k = canvasScale(w, h, 3);
    expect(k).toBeLessThan(3);
    expect(w * h * k * k).toBeLessThanOrEqual(16_000_000 + 1);
  });
});
