// The ALTCHA widget (<altcha-widget>), loaded only with the waiting-room page. The "external"
// build: no inline styles or blob workers, so the shop's CSP (script, style and worker sources
// 'self') holds; its stylesheet and its SHA worker (a self-contained script, `?worker-file` in rspack.config.mjs) are files of the shell's own build.
import 'altcha/external';
import 'altcha/altcha.css';
import shaWorker from 'altcha/workers/sha?worker-file';

// The widget's texts in es-MX (its own es-419 module is not resolvable through the package's
// exports by the import-boundary lint: its `types` condition names a file the package lacks).
globalThis.$altcha.i18n.set('es-MX', {
  ariaLinkLabel: 'Altcha (sitio oficial)',
  enterCode: 'Ingresa el código',
  enterCodeAria: 'Ingresa el código que escuchas. Presiona Espacio para reproducir el audio.',
  error: 'Falló la verificación. Vuelve a intentarlo más tarde.',
  expired: 'La verificación expiró. Inténtalo de nuevo.',
  footer: 'Protegido por ALTCHA',
  getAudioChallenge: 'Obtener un reto de audio',
  label: 'No soy un robot',
  loading: 'Cargando…',
  reload: 'Volver a cargar',
  verify: 'Verificar',
  verificationRequired: '¡Verificación requerida!',
  verified: 'Verificado',
  verifying: 'Verificando…',
  waitAlert: 'Verificando… espera, por favor.',
  cancel: 'Cancelar',
  enterCodeFromImage: 'Para continuar, ingresa el código de la imagen.',
});

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Worker(shaWorker));
}

/** The widget's element as the page drives it. */
export interface AltchaElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void>;
}
