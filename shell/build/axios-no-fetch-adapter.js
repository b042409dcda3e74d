// Stands in for axios' fetch adapter (lib/adapters/fetch.js) in the shell's build: see
// axios-xhr-only.mjs. `adapter: 'fetch'` then fails as "not supported by the environment".
export const getFetch = () => false;
export default false;
