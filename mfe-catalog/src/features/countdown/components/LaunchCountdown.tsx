import { getRuntimeConfig } from '@taquilla/shared';
import { useMemo } from 'react';
import { useCountdown } from '../hooks/use-countdown';
import './countdown.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** Countdown to the launch date from runtime config (/config.json), ending with 'Ya inició'. */
export function LaunchCountdown() {
  const launchDate = getRuntimeConfig().launchDate;
  const target = useMemo(() => new Date(launchDate), [launchDate]);
  const left = useCountdown(target);
  if (Number.isNaN(target.getTime())) return null;

  return (
    <aside className="countdown" aria-label="Cuenta regresiva para el lanzamiento de Taquilla">
      <span className="countdown__label">{left ? 'Lanzamiento de Taquilla en' : 'Lanzamiento de Taquilla:'}</span>
      {left ? (
        // role="timer" is not announced on every tick; the label says what it counts to.
        <span className="countdown__value" role="timer">
          <span>{left.days} d</span> <span>{pad(left.hours)} h</span> <span>{pad(left.minutes)} min</span> <span>{pad(left.seconds)} s</span>
        </span>
      ) : (
        <strong className="countdown__value">Ya inició</strong>
      )}
    </aside>
  );
}
