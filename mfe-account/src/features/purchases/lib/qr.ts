import QRCode from 'qrcode';

/**
 * Gate scanners read phone screens in bad light: black on white, a 4-module quiet zone (the
 * standard's minimum), error correction M (survives a cracked screen or a glare spot).
 * The same settings for the screen (SVG, sharp at any size) and the PDF (PNG).
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } } as const;

/** An SVG data URL of the QR for `payload`: crisp at any CSS size. */
export async function qrSvgDataUrl(payload: string): Promise<string> {
  const svg = await QRCode.toString(payload, { ...OPTIONS, type: 'svg' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A PNG data URL of the QR, `width` pixels wide (for the PDF). */
export function qrPngDataUrl(payload: string, width: number): Promise<string> {
  return QRCode.toDataURL(payload, { ...OPTIONS, type: 'image/png', width });
}
