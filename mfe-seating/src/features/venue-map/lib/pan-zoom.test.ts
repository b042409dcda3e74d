import { describe, expect, it } from 'vitest';
import { IDENTITY, MAX_SCALE, clampView, panBy, wheelFactor, zoomAt } from './pan-zoom';

const vp = { width: 1000, height: 600 };

describe('pan & zoom', () => {
  it('zooming keeps the point under the cursor still', () => {
    const v = zoomAt(IDENTITY, 2, 250, 150, vp);
    expect(v.scale).toBe(2);
    // map point (250,150) is drawn at x + 250*scale
    expect(v.x + 250 * v.scale).toBeCloseTo(250);
    expect(v.y + 150 * v.scale).toBeCloseTo(150);
  });

  it('never zooms out past the whole map nor in past the maximum', () => {
    expect(zoomAt(IDENTITY, 0.5, 10, 10, vp)).toEqual(IDENTITY);
    expect(zoomAt({ scale: 5, x: 0, y: 0 }, 4, 0, 0, vp).scale).toBe(MAX_SCALE);
  });

  it('panning stops at the map edges', () => {
    const zoomed = zoomAt(IDENTITY, 2, 500, 300, vp);
    expect(panBy(zoomed, 5000, 5000, vp)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(panBy(zoomed, -5000, -5000, vp)).toEqual({ scale: 2, x: -1000, y: -600 });
    expect(panBy(IDENTITY, 40, 40, vp)).toEqual(IDENTITY);
    expect(clampView({ scale: 1, x: -3, y: 2 }, vp)).toEqual(IDENTITY);
  });

  it('wheel up zooms in, wheel down zooms out', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1);
    expect(wheelFactor(100)).toBeLessThan(1);
  });
});
