/**
 * The whole schema as one object for drizzle(), each table named once. Code imports a table
 * from its area's file (`./sales`, `./venues`, …); explicit named imports (no `export *`).
 */
import { emailOutbox } from './email';
import { facturas } from './invoices';
import { categoriasEvento, eventoSecciones, eventos } from './events';
import { eventoAsientos, eventoLugaresGenerales, seccionVersiones } from './inventory';
import { cargos, boletos, reservas } from './sales';
import { perfilesPago, tarjetas } from './payments';
import { artistas, categorias, ciudades } from './places';
import { promocionCategorias, promociones } from './promotions';
import { telemetriaRemotos, telemetriaVitales } from './telemetry';
import { invitados, users } from './users';
import { salaEsperaAuditoria, salaEsperaLugares, salasEspera } from './waiting-room';
import { asientos, bloques, filas, recintos, secciones } from './venues';

export const schema = {
  users,
  invitados,
  emailOutbox,
  ciudades,
  categorias,
  artistas,
  recintos,
  bloques,
  secciones,
  filas,
  asientos,
  eventos,
  categoriasEvento,
  eventoSecciones,
  eventoAsientos,
  eventoLugaresGenerales,
  seccionVersiones,
  reservas,
  cargos,
  boletos,
  promociones,
  promocionCategorias,
  perfilesPago,
  tarjetas,
  telemetriaRemotos,
  telemetriaVitales,
  facturas,
  salasEspera,
  salaEsperaLugares,
  salaEsperaAuditoria,
};
export type Schema = typeof schema;
