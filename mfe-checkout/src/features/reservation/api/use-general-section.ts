import { useEffect, useState } from 'react';
import { getDetalleSeccion, getEventoDetalle } from '@taquilla/shared/api/catalogo';
import { reservaMessages } from '@taquilla/shared/messages/reservas';

export interface GeneralSection {
  seccionId: number;
  nombre: string;
  /** Price of one place, centavos. */
  precio: number;
  disponibles: number;
  limiteDeAsientos: number;
}

export type GeneralSectionState = { status: 'loading' } | { status: 'success'; data: GeneralSection } | { status: 'error' };

export interface CatalogReads {
  getEventoDetalle: typeof getEventoDetalle;
  getDetalleSeccion: typeof getDetalleSeccion;
}

const catalog: CatalogReads = { getEventoDetalle, getDetalleSeccion };

async function loadGeneralSection(api: CatalogReads, eventoId: string, seccionId: string): Promise<GeneralSection> {
  const [evento, detalle] = await Promise.all([api.getEventoDetalle(eventoId), api.getDetalleSeccion(eventoId)]);
  const seccion = detalle.secciones.find((s) => String(s.id) === seccionId && s.tipo_seccion === 'general');
  if (!seccion) throw new Error(reservaMessages.GENERAL_SECTION_NOT_FOUND);
  return {
    seccionId: seccion.id,
    nombre: seccion.nombreEspecial || seccion.nombre,
    precio: seccion.precioSeccion,
    disponibles: seccion.asientosDisponibles,
    limiteDeAsientos: evento.limiteDeAsientos,
  };
}

/**
 * Limit, price and free places of one general section, read fresh each time the modal opens
 * for it (availability changes by the second on a busy night). A newer request wins.
 */
export function useGeneralSection(eventoId: string, seccionId: string | null, api: CatalogReads = catalog): GeneralSectionState | null {
  const [state, setState] = useState<{ key: string; value: GeneralSectionState } | null>(null);
  const key = seccionId === null ? null : `${eventoId}/${seccionId}`;

  useEffect(() => {
    if (key === null || seccionId === null) return;
    let current = true;
    setState({ key, value: { status: 'loading' } });
    loadGeneralSection(api, eventoId, seccionId).then(
      (data) => current && setState({ key, value: { status: 'success', data } }),
      () => current && setState({ key, value: { status: 'error' } }),
    );
    return () => {
      current = false;
    };
  }, [key, eventoId, seccionId, api]);

  if (key === null) return null;
  return state?.key === key ? state.value : { status: 'loading' };
}
