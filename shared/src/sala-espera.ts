/**
 * The waiting room's schedule and estimate (decision 0031), one copy for the API's personal
 * answer and the page's reading of the shared one: `@taquilla/shared/sala-espera`.
 */
import type { EstadoSala, FilaSala } from './schemas/sala-espera';

/** Seconds until place `posicion` is let in at `porMinuto` buyers a minute; null while paused or with no rate yet. */
export function esperaEstimada(posicion: number, porMinuto: number, pausada: boolean): number | null {
  if (pausada || !(porMinuto > 0)) return null;
  return Math.round((posicion / porMinuto) * 60);
}

/**
 * How often a waiting buyer asks, by its estimated wait: every 2 s when due within 30 s
 * (admission is noticed at once), 4 s within 2 minutes, 7 s further back. Never longer than 7 s:
 * a sell-out must reach everyone within 10 s (7 s + the 1 s admission step + the 1 s copy of the
 * room + the answer's own time).
 */
export function consultaEsperandoMs(esperaSegundos: number | null): number {
  if (esperaSegundos !== null && esperaSegundos < 30) return 2000;
  if (esperaSegundos !== null && esperaSegundos < 120) return 4000;
  return 7000;
}

/** `baseMs` less up to a quarter at random (at least 1 s), so buyers who arrived together do not ask in step. */
export function espaciar(baseMs: number, random: () => number = Math.random): number {
  return Math.max(1000, Math.round(baseMs * (1 - random() * 0.25)));
}

/**
 * The longest a waiting page goes on the shared answer alone before asking for its personal one
 * again (which refreshes its place's mark and tells anything the shared answer cannot).
 */
export const PERSONAL_CADA_MS = 60_000;

/**
 * What a waiting page shows from the shared answer, given its last personal answer; null when it
 * must ask for its personal one instead: its number is admitted (or the line says so), the line
 * was sold out, closed, paused or resumed since, or the page is in a state the shared answer does
 * not cover (before the draw, admitted, expired).
 */
export function desdeFila(personal: EstadoSala, fila: FilaSala, random: () => number = Math.random): EstadoSala | null {
  const hint = (ms: number) => {
    const siguienteConsultaMs = espaciar(ms, random);
    return { siguienteConsultaMs, consultarEnSegundos: Math.ceil(siguienteConsultaMs / 1000) };
  };
  // Told sold out: stays so while the line says so (places coming back are a change to ask about).
  if (personal.estado === 'agotado') return fila.estado === 'agotado' ? { ...personal, ahora: fila.ahora, ...hint(fila.siguienteConsultaMs) } : null;
  if (personal.estado !== 'esperando' || typeof personal.numero !== 'number') return null;
  if (fila.estado !== 'abierta' || fila.pausada !== personal.pausada) return null;
  const lugar = personal.numero - fila.admitidosHasta;
  if (lugar <= 0) return null;
  const esperaSegundos = esperaEstimada(lugar, fila.admisionPorMinuto, fila.pausada);
  return {
    ...personal,
    ahora: fila.ahora,
    ritmoPorMinuto: fila.ritmoPorMinuto,
    lugar,
    esperaSegundos,
    ...hint(Math.min(fila.siguienteConsultaMs, consultaEsperandoMs(esperaSegundos))),
  };
}
