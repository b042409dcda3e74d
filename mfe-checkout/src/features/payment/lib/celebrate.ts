import confetti from 'canvas-confetti';

const DURATION_MS = 10_000;

/**
 * The success confetti: 350 particles that live about 10 s (ticks are animation frames at
 * ~60 fps). Nothing moves for buyers who ask the system for reduced motion.
 */
export function celebrate(): void {
  if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  void confetti({ particleCount: 350, spread: 160, startVelocity: 45, ticks: (DURATION_MS / 1000) * 60, origin: { y: 0.6 }, disableForReducedMotion: true, zIndex: 10_000 });
}
