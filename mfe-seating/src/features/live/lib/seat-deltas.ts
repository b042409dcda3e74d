import type { FilasPorSeccionResponse } from '@taquilla/shared/schemas/catalogo';
import type { AsientosChange } from './availability-stream';

/** Deltas kept to lay on a snapshot that arrives older than them (a CDN's copy, a reload). */
const KEPT = 2_000;

/**
 * The seat page's versions: the section's snapshot (filas_por_seccion, `version`) and the live
 * deltas (`asientos` events, each with the version it makes). A delta at or below the version of
 * the snapshot shown is already in it and is skipped; newer ones are applied and kept, so a
 * snapshot read later but cached earlier (a CDN keeps it 2 s) gets them laid on top instead of
 * showing a sold seat as free again. Changes without a version (an older server) always apply.
 */
export class SeatDeltas {
  private snapshot: number | undefined;
  private newest: number | undefined;
  private kept: AsientosChange[] = [];

  constructor(private readonly seccionId: number) {}

  /** A snapshot arrived: answers it with the kept deltas newer than it applied on top. */
  onSnapshot(seccion: FilasPorSeccionResponse): FilasPorSeccionResponse {
    const version = seccion.version;
    this.snapshot = version;
    if (version === undefined) {
      this.kept = [];
      return seccion;
    }
    this.newest = Math.max(this.newest ?? version, version);
    this.kept = this.kept.filter((d) => d.version! > version);
    if (this.kept.length === 0) return seccion;
    const estado = new Map<number, AsientosChange['asientos'][number]['estado']>();
    for (const d of this.kept) for (const a of d.asientos) estado.set(a.id, a.estado);
    return {
      ...seccion,
      filas: seccion.filas.map((f) => ({ ...f, asientos: f.asientos.map((a) => (estado.has(a.id) ? { ...a, estado: estado.get(a.id)! } : a)) })),
    };
  }

  /** A delta arrived: true when it is to be applied (this section, newer than the snapshot shown). */
  onDelta(change: AsientosChange): boolean {
    if (change.seccionId !== this.seccionId) return false;
    if (change.version === undefined || this.snapshot === undefined) return true;
    if (change.version <= this.snapshot) return false;
    this.newest = Math.max(this.newest ?? change.version, change.version);
    this.kept.push(change);
    if (this.kept.length > KEPT) this.kept.shift();
    return true;
  }

  /**
   * Where a (re)opened stream starts (`?seccion=&desde=`): one before the newest version seen, so
   * the rest of a version sent in several messages is not skipped; undefined without versions.
   */
  get desde(): number | undefined {
    if (this.snapshot === undefined || this.newest === undefined) return this.snapshot;
    return Math.max(this.snapshot, this.newest - 1);
  }
}
