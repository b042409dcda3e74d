// axios chooses its adapter per request from ['xhr', 'http', 'fetch'], the first the browser
// supports: every browser the storefront supports has XMLHttpRequest, so 'xhr' is always taken
// and the fetch adapter (lib/adapters/fetch.js, ≈ 2 KB gzip of the first load: shared's API
// client is an eager singleton of the shell) is never run. No Taquilla code asks for
// `adapter: 'fetch'` (the tests' fake server passes a function). The shell's build swaps that
// one file for a stub, as spanishDateFnsDefault swaps date-fns' English default locale.
import path from 'node:path';

const STUB = path.join(import.meta.dirname, 'axios-no-fetch-adapter.js');
const AXIOS_ADAPTERS = /[\\/]axios[\\/]lib[\\/]adapters$/;

/** The rspack plugin: `./fetch.js` imported from axios' lib/adapters/ resolves to the stub. */
export function axiosXhrOnly(rspack) {
  return new rspack.NormalModuleReplacementPlugin(/^\.\/fetch\.js$/, (data) => {
    if (AXIOS_ADAPTERS.test(data.context ?? '')) data.request = STUB;
  });
}
