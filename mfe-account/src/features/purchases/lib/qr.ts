import QRCode from 'qrcode';

/**
 * Gate scanners read phone screens in bad light: black on white, a 4-module quiet zone (the
 * standard's minimum), error correction M (survives a cracked screen or a glare spot).
 * The same settings for the screen (SVG, sharp at any size) and the PDF (rectangles).
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } } as const;

/** An SVG data URL of the QR for `payload`: crisp at any CSS size. */
export async function qrSvgDataUrl(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { ...OPTIONS, type: 'svg' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A dark run of modules on one row of the QR: `x`, `y` and `length` in modules, quiet zone included. */
export interface QrRun {
  x: number;
  y: number;
  length: number;
}

/**
 * The QR as rectangles (for the PDF: a vector drawing stays sharp when printed and weighs a few
 * kilobytes, where an embedded bitmap weighed about a megabyte a ticket). `size` counts the
 * quiet zone on both sides.
 */
export function qrRuns(payload: string): { size: number; runs: QrRun[] } {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel });
  const runs: QrRun[] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push({ x: start + OPTIONS.margin, y: row + OPTIONS.margin, length: col - start });
        start = -1;
      }
    }
  }
  return { size: modules.size + 2 * OPTIONS.margin, runs };
}
