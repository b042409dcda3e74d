import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * Reads the QR code a buyer would show at the gate: a screenshot of `target` as the screen
 * paints it, turned into pixels by the browser (PNG decode through an <img>, which the page's
 * CSP allows for data: URLs) and decoded by jsQR in Node. null when no QR can be read.
 */
export async function decodeQrOnScreen(page: Page, target: Locator): Promise<string | null> {
  const png = await target.screenshot();
  const pixels = await page.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height)?.data ?? null;
}
