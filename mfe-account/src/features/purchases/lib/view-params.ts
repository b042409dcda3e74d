/**
 * Mis compras keeps its tab and its list/grid view in the URL (?tab=pasados&vista=cuadricula),
 * so a reload, the back button or a shared link shows the same screen. Defaults are left out
 * of the URL, and unknown values read as the default.
 */
export type PurchasesTab = 'proximos' | 'pasados';
export type PurchasesView = 'lista' | 'cuadricula';

export interface PurchasesViewState {
  tab: PurchasesTab;
  vista: PurchasesView;
}

const TAB_PARAM = 'tab';
const VIEW_PARAM = 'vista';
const DEFAULTS: PurchasesViewState = { tab: 'proximos', vista: 'lista' };

export function readViewState(params: URLSearchParams): PurchasesViewState {
  return {
    tab: params.get(TAB_PARAM) === 'pasados' ? 'pasados' : DEFAULTS.tab,
    vista: params.get(VIEW_PARAM) === 'cuadricula' ? 'cuadricula' : DEFAULTS.vista,
  };
}

/** New params with `change` applied; other params are kept. */
export function writeViewState(params: URLSearchParams, change: Partial<PurchasesViewState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const state = { ...readViewState(params), ...change };
  const set = (key: string, value: string, fallback: string) => (value === fallback ? next.delete(key) : next.set(key, value));
  set(TAB_PARAM, state.tab, DEFAULTS.tab);
  set(VIEW_PARAM, state.vista, DEFAULTS.vista);
  return next;
}
