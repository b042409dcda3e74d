import { useCallback, useEffect, useState } from 'react';

const HERO_AUTOPLAY_MS = 5000;

/**
 * Index of the visible slide with autoplay. Autoplay stops while anything asks it to pause
 * (pointer over the hero, keyboard focus inside it, the pause button) and restarts its full
 * interval after every move, so a slide picked by hand stays up for the whole 5 s.
 */
export function useCarousel(count: number, interval: number = HERO_AUTOPLAY_MS) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;
  const active = count > 0 ? Math.min(index, count - 1) : 0;

  const goTo = useCallback((next: number) => setIndex(count > 0 ? ((next % count) + count) % count : 0), [count]);
  const next = useCallback(() => goTo(active + 1), [goTo, active]);
  const prev = useCallback(() => goTo(active - 1), [goTo, active]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(next, interval);
    return () => clearTimeout(timer);
  }, [paused, count, interval, next]);

  return { index: active, goTo, next, prev, paused, stopped, setHovered, setFocused, setStopped };
}
