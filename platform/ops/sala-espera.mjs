// pnpm sala-espera <eventoId> <acción> [--reason "…"] — the waiting room of an event (decision 0031),
// changed on the running server (TAQUILLA_URL, API_KEY; OPS_TOKEN when the server has one),
// audited with who (OPS_ACTOR, else user@host) and why; `status` shows the line and the changes.
//   abrir --inicio 2026-12-01T18:00:00-06:00 [--ritmo 300 | --ritmo auto]
//   pausar | reanudar | ritmo <n | auto> | cerrar
import { currentActor } from '../origin/common.mjs';
import { OpsError, runCli } from './lib.mjs';
import { sendOps } from './sala-espera-summary.mjs';

const USAGE = 'Uso: sala-espera <eventoId> abrir --inicio <fecha ISO> [--ritmo <n>|auto] | pausar | reanudar | ritmo <n>|auto | cerrar [--reason "…"]';

function ritmo(value) {
  if (value === 'auto') return null;
  if (!/^\d+$/.test(value ?? '') || Number(value) <= 0) throw new OpsError(`El ritmo debe ser un número de compradores por minuto o "auto". ${USAGE}`);
  return Number(value);
}

export function parseSalaArgs(argv) {
  const positional = [];
  const opts = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const m = /^--(reason|inicio|ritmo)(?:=(.*))?$/.exec(arg);
    if (m) {
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new OpsError(`Falta el valor de --${m[1]}. ${USAGE}`);
      opts[m[1]] = value;
    } else if (arg.startsWith('-')) throw new OpsError(`Opción desconocida: ${arg}. ${USAGE}`);
    else positional.push(arg);
  }
  const [evento, accion, valor] = positional;
  if (!/^\d+$/.test(evento ?? '')) throw new OpsError(`Indica el número del evento. ${USAGE}`);
  const body = { eventoId: Number(evento), accion, actor: currentActor(), ...(opts.reason ? { motivo: opts.reason } : {}) };
  switch (accion) {
    case 'abrir': {
      if (!opts.inicio || Number.isNaN(Date.parse(opts.inicio))) throw new OpsError(`Indica --inicio con una fecha ISO. ${USAGE}`);
      return { ...body, inicio: new Date(opts.inicio).toISOString(), ritmoPorMinuto: opts.ritmo === undefined ? null : ritmo(opts.ritmo) };
    }
    case 'ritmo':
      return { ...body, ritmoPorMinuto: ritmo(valor) };
    case 'pausar':
    case 'reanudar':
    case 'cerrar':
      return body;
    default:
      throw new OpsError(`Acción desconocida: ${accion ?? '(ninguna)'}. ${USAGE}`);
  }
}

const DONE = { abrir: 'abierta', pausar: 'en pausa', reanudar: 'reanudada', ritmo: 'con ritmo nuevo', cerrar: 'cerrada' };

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCli(async (argv) => {
    const body = parseSalaArgs(argv);
    const res = await sendOps(body);
    if (!res.ok) throw new OpsError(`${res.message ?? `el servidor respondió ${res.status}`}`);
    console.log(`✔ sala de espera del evento ${body.eventoId} ${DONE[body.accion]}`);
  });
}
