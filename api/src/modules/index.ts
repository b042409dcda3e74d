/**
 * Every module, in order: app.ts mounts their services, then their /api/v1 routes, then their
 * site-root routes (mountModules; api/README.md "How a module is wired"). To add a module,
 * import its RouteModule and append it here — app.ts needs no change.
 */
import { authModule } from './auth/auth.routes';
import { catalogoModule } from './catalogo/catalogo.routes';
import { facturacionModule } from './facturacion/facturacion.routes';
import { cuentaModule } from './cuenta/cuenta.routes';
import { healthModule } from './health/health.routes';
import { pagosModule } from './pagos/pagos.routes';
import { promocionesModule } from './promociones/promociones.routes';
import { reservasModule } from './reservas/reservas.routes';
import { salaEsperaModule } from './sala-espera/sala-espera.routes';
import { telemetriaModule } from './telemetria/telemetria.routes';
import type { RouteModule } from './types';
import { ventasModule } from './ventas/ventas.routes';

export const routeModules: RouteModule[] = [
  healthModule,
  catalogoModule,
  authModule,
  promocionesModule,
  reservasModule,
  pagosModule,
  ventasModule,
  cuentaModule,
  facturacionModule,
  telemetriaModule,
  salaEsperaModule,
];
