import type { Boleto, MiEvento, MiEventoDetalle, PaseGeneral } from '@taquilla/shared/schemas/cuenta';

let seq = 0;
const uuid = () => {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export function boleto(o: { categoria?: string | null; fila?: string; numero?: number; precio?: number; seccion?: string }): Boleto {
  return {
    id: uuid(),
    quemadoUUID: uuid(),
    precio: o.precio ?? 80000,
    categoria: o.categoria === null ? null : { nombre: o.categoria ?? 'Oro' },
    asiento: {
      numero: o.numero ?? 1,
      fila: { nombre: o.fila ?? 'B', seccion: { nombre: o.seccion ?? 'Sección 104', bloque: { nombre: 'Bloque A' } } },
    },
  };
}

export function pase(o: { precio?: number; precioEspecial?: number }): PaseGeneral {
  return {
    id: uuid(),
    quemadoUUID: uuid(),
    precio: o.precio ?? 45000,
    categoria: null,
    eventoSeccion: { precioEspecial: o.precioEspecial ?? 45000, seccion: { nombre: 'Pista', bloque: { nombre: 'Planta baja' } } },
  };
}

export function miEvento(o: Partial<MiEvento> & { id: number; nombre: string; fecha: string }): MiEvento {
  return {
    zonaHoraria: 'America/Mexico_City',
    imagenBanner: null,
    imagenPromocion: null,
    categoria: { id: 1, nombre: 'Conciertos' },
    artista: { nombre: 'Luna' },
    recinto: { nombre: 'Arena Ciudad de México', direccion: 'Av. de las Granjas 800' },
    ciudad: { nombre: 'Ciudad de México' },
    cantidadBoletos: 2,
    ...o,
  } as MiEvento;
}

export function detalle(evento: MiEvento, boletos: Boleto[], pasesGenerales: PaseGeneral[] = []): MiEventoDetalle {
  const all = [...boletos.map((b) => b.precio), ...pasesGenerales.map((p) => p.eventoSeccion.precioEspecial)];
  const subtotal = all.reduce((a, b) => a + b, 0);
  return {
    boletos,
    pasesGenerales,
    evento: {
      ...evento,
      resumen: {
        correo: 'demo@taquilla.mx',
        recinto: evento.recinto.nombre,
        ciudad: evento.ciudad.nombre,
        lineas: [{ categoria: 'Oro', seccion: 'Sección 104', cantidad: all.length, precioUnitario: all[0] ?? 0, importe: subtotal }],
        subtotal,
        descuento: 0,
        cargoServicio: 0,
        cargoTarjeta: 0,
        iva: 0,
        total: subtotal,
        compras: 1,
      },
    },
  };
}
