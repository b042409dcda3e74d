/**
 * Every route module mounted under /api/v1, in order. To add a module, import its
 * RouteModule and append it here — app.ts needs no change.
 */
import { accountsModule } from './auth/accounts.module';
import { catalogModule } from './catalog/catalog.routes';
import { cuentaModule } from './cuenta/cuenta.routes';
import { healthModule } from './health/routes';
import { pagosModule } from './pagos/routes';
import { promocionesModule } from './promociones/routes';
import { reservasModule } from './reservas/reservas.routes';
import type { RouteModule } from './types';
import { reenvioModule } from './ventas/reenvio.routes';
import { ventasModule } from './ventas/ventas.routes';

export const routeModules: RouteModule[] = [healthModule, catalogModule, accountsModule, promocionesModule, reservasModule, pagosModule, ventasModule, reenvioModule, cuentaModule];
