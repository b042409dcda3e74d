import { useState } from 'react';

/**
 * Shown when an event has no image or its image fails to load (spec §8). Inline so it can
 * never fail itself, and small (about 0.6 KB).
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f1f2e"/><stop offset="1" stop-color="#3a3a52"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>
<g fill="none" stroke="#fdff00" stroke-width="10" stroke-linejoin="round" opacity=".85">
<path d="M300 160h200a20 20 0 0 0 0 40v50a20 20 0 0 0 0 40H300a20 20 0 0 0 0-40v-50a20 20 0 0 0 0-40z"/>
<path d="M440 165v120" stroke-dasharray="12 12"/></g>
<text x="400" y="360" fill="#f5f5f5" font-family="system-ui,sans-serif" font-size="30" text-anchor="middle">Taquilla</text>
</svg>`;

export const DEFAULT_EVENT_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The src to show for an event picture: the default one when `src` is missing or failed.
 * Remembers *which* URL failed, so a new src gets its own chance without an effect.
 */
export function useEventImageFallback(src: string | null | undefined): {
  src: string;
  isDefault: boolean;
  onError: () => void;
} {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const isDefault = !src || failedSrc === src;
  return {
    src: isDefault ? DEFAULT_EVENT_IMAGE : src,
    isDefault,
    onError: () => {
      if (src && !isDefault) setFailedSrc(src);
    },
  };
}
