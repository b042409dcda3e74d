// Point every federated build (the shell and each remote) at Taquilla's own federation bundler
// runtime, shared/src/federation/bundler-runtime.ts, instead of Module Federation's
// (`@module-federation/webpack-bundler-runtime` + `runtime-core` + `sdk`).
//
//   plugins: [new ModuleFederationPlugin({…}), new FederationRuntimePlugin()]
//
// ModuleFederationPlugin still does the build: containers, `remoteEntry.js`, `mf-manifest.json`,
// shared singletons with their requiredVersion, the tree-shaken router. What changes is the
// code that runs in the browser. MF's runtime weighs about 25 KB gzip in the shell plus 4 KB in
// every remoteEntry.js: a federated first load of /eventos was 31 % heavier than the same code as
// one bundle. Ours implements the part of it the storefront uses (bundler-runtime.ts says which)
// in 1.7 KB gzip; the shell's loader (shell/src/federation/runtime.ts) does the rest.
//
// The generated federation entry imports the bundler runtime by absolute path
// (…/webpack-bundler-runtime/dist/index.cjs): the request is swapped before it is resolved.
// Any other MF runtime module that still ends up in a bundle is a build error, so no import can
// quietly bring the 25 KB back (shared/build/federation-runtime-plugin.test.mjs builds a remote).
import path from 'node:path';

export const BUNDLER_RUNTIME = path.resolve(import.meta.dirname, '..', 'src', 'federation', 'bundler-runtime.ts');

const MF_BUNDLER_RUNTIME = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/;
const MF_RUNTIME_MODULE = /[\\/]@module-federation[\\/](runtime|runtime-core|runtime-tools|sdk|webpack-bundler-runtime|error-codes|enhanced)[\\/]/;

/** Whether a request is MF's bundler runtime entry (the one import this plugin redirects). */
export const isMfBundlerRuntime = (request) => typeof request === 'string' && MF_BUNDLER_RUNTIME.test(request);

/** Whether a bundled module's resource is part of Module Federation's browser runtime. */
export const isMfRuntimeModule = (resource) => typeof resource === 'string' && MF_RUNTIME_MODULE.test(resource);

export class FederationRuntimePlugin {
  name = 'FederationRuntimePlugin';

  apply(compiler) {
    const { NormalModuleReplacementPlugin, WebpackError } = compiler.webpack ?? compiler.rspack;
    new NormalModuleReplacementPlugin(MF_BUNDLER_RUNTIME, (data) => {
      if (!data.createData && isMfBundlerRuntime(data.request)) data.request = BUNDLER_RUNTIME;
    }).apply(compiler);

    compiler.hooks.compilation.tap(this.name, (compilation) => {
      compilation.hooks.finishModules.tap(this.name, (modules) => {
        for (const module of modules) {
          const resource = module.resource ?? module.nameForCondition?.() ?? '';
          if (isMfRuntimeModule(resource)) {
            compilation.errors.push(
              new WebpackError(
                `${resource}: el runtime de Module Federation no debe entrar al bundle; ` +
                  'Taquilla usa shared/src/federation/bundler-runtime.ts y shell/src/federation/runtime.ts',
              ),
            );
          }
        }
      });
    });
  }
}
