import type { Metric } from 'web-vitals';
import { describe, expect, it } from 'vitest';
import { remotesFor, vitalValue } from './vitals';

function page() {
  document.body.innerHTML = `
    <header><h1 id="marca">Taquilla</h1></header>
    <section data-remote="seating"><img id="mapa" alt=""></section>
    <section data-remote="checkout"><button id="pagar">Pagar</button></section>`;
}
const metric = (name: Metric['name'], value: number, entries: unknown[]) => ({ name, value, entries }) as unknown as Metric;

describe('Web Vitals per remote', () => {
  it("attributes a metric to the slot around its element: LCP's element, INP's target, CLS's shifted node", () => {
    page();
    expect(remotesFor(metric('LCP', 1800, [{ element: document.getElementById('mapa') }]))).toEqual(['seating']);
    expect(remotesFor(metric('INP', 120, [{ target: document.getElementById('pagar') }]))).toEqual(['checkout']);
    expect(remotesFor(metric('CLS', 0.02, [{ sources: [{ node: document.getElementById('mapa') }] }]))).toEqual(['seating']);
  });

  it('a metric about the shell itself, or without an element, belongs to every remote on the page', () => {
    page();
    expect(remotesFor(metric('LCP', 900, [{ element: document.getElementById('marca') }]))).toEqual(['seating', 'checkout']);
    expect(remotesFor(metric('CLS', 0, []))).toEqual(['seating', 'checkout']);
  });

  it('sends CLS ×1000 (whole numbers on the wire), times as they are', () => {
    expect(vitalValue(metric('CLS', 0.125, []))).toBe(125);
    expect(vitalValue(metric('LCP', 2400, []))).toBe(2400);
  });
});
