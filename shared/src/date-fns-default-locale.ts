// date-fns' default locale in every Taquilla build (platform/build/module-rules.mjs swaps it in
// for date-fns' own `_lib/defaultLocale.js`, which is en-US): the storefront formats in Spanish only.
export { es as defaultLocale } from 'date-fns/locale/es';
