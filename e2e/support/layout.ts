import { expect, type Locator, type Page } from '@playwright/test';

// Layout checks shared by phone.spec.ts: nothing wider than the screen, a box inside the screen,
// the padding a dialog keeps around its content.

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

/** How long a page takes to settle: late data (final prices, the venue map) arrives within it. */
export const SETTLE_MS = 5000;

/**
 * The page is no wider than the viewport: no horizontal scroll, and on a phone the browser did
 * not widen its layout viewport to fit something wider (which zooms the page out and centres
 * dialogs in the wider page).
 */
export async function expectNotWider(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const seen = await page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    layout: window.innerWidth,
    // What sticks out, to make a failure say where to look.
    wide: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  }));
  expect(seen.scroll, `${what} a ${width} px: ancho de la página (${seen.wide.join(', ')})`).toBeLessThanOrEqual(width);
  expect(seen.layout, `${what} a ${width} px: ancho del viewport de diseño`).toBe(width);
}

/** The element's box lies inside the viewport horizontally (and vertically when `whole`). */
export async function expectInsideScreen(page: Page, locator: Locator, what: string, whole = false): Promise<void> {
  const { width, height } = page.viewportSize()!;
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: borde izquierdo`).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width, `${what}: borde derecho`).toBeLessThanOrEqual(width + 0.5);
  if (whole) {
    expect(box!.y, `${what}: borde superior`).toBeGreaterThanOrEqual(-0.5);
    expect(box!.y + box!.height, `${what}: borde inferior`).toBeLessThanOrEqual(height + 0.5);
  }
}

/** Space (px) between a dialog's edges and the first and last things in it. */
async function dialogPadding(dialog: Locator): Promise<{ top: number; left: number; right: number; bottom: number }> {
  return dialog.evaluate((el) => {
    const d = el.getBoundingClientRect();
    const boxes = [...el.querySelectorAll('h1, h2, p, dl, a, button, input, select')]
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    return {
      top: Math.min(...boxes.map((r) => r.top)) - d.top,
      left: Math.min(...boxes.map((r) => r.left)) - d.left,
      right: d.right - Math.max(...boxes.map((r) => r.right)),
      bottom: d.bottom - Math.max(...boxes.map((r) => r.bottom)),
    };
  });
}

export async function expectPadded(dialog: Locator, what: string, min = 16): Promise<void> {
  const pad = await dialogPadding(dialog);
  for (const side of ['top', 'left', 'right', 'bottom'] as const) {
    expect(pad[side], `${what}: espacio ${side}`).toBeGreaterThanOrEqual(min);
  }
}
