import confetti from 'canvas-confetti';

const DURATION_MS = 10_000;

/**
 * The success confetti: 350 particles that live about 10 s (ticks are animation frames at
 * ~60 fps), on a canvas of the success view (a modal <dialog> sits in the top layer, above any
 * page canvas). Drawn on the page, not in canvas-confetti's blob: Web Worker, which the shop's
 * Content-Security-Policy (script-src 'self') refuses. Nothing moves for buyers who ask the
 * system for reduced motion.
 */
export function celebrate(canvas: HTMLCanvasElement): void {
  if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const cannon = confetti.create(canvas, { useWorker: false, resize: true, disableForReducedMotion: true });
  void cannon({ particleCount: 350, spread: 160, startVelocity: 45, ticks: (DURATION_MS / 1000) * 60, origin: { y: 0.6 } });
}
