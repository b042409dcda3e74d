/**
 * The auth screens' styles, injected by the layout as a <style> element: the remote then
 * works the same mounted in the shell, standalone and in tests, without depending on how
 * the host loads CSS chunks. Class names are prefixed `ta-` to stay out of other slots' way.
 */
export const AUTH_STYLES = `
.ta-auth { display: grid; grid-template-columns: 1fr; min-height: 100vh;
  background: #0f1115; color: #f4f4f5; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.ta-auth__welcome { padding: 2rem 1.5rem; background: linear-gradient(135deg, #1d1f27 0%, #2b2d3a 60%, #3a3400 100%);
  display: flex; flex-direction: column; justify-content: center; gap: 0.75rem; }
.ta-auth__brand { color: #fdff00; font-weight: 800; letter-spacing: 0.08em; text-transform: uppercase; font-size: 0.9rem; margin: 0; text-decoration: none; align-self: flex-start; }
.ta-auth__back { align-self: flex-start; font-size: 0.95rem; }
.ta-auth__welcome h1 { margin: 0; font-size: 1.9rem; line-height: 1.2; }
.ta-auth__welcome p { margin: 0; color: #c9c9d1; max-width: 32rem; }
.ta-auth__panel { padding: 2rem 1.5rem; display: flex; align-items: center; justify-content: center; }
.ta-auth__card { width: 100%; max-width: 26rem; display: flex; flex-direction: column; gap: 1rem; }
.ta-auth__card h2 { margin: 0 0 0.25rem; font-size: 1.5rem; }
.ta-auth__card p { margin: 0; color: #c9c9d1; }
.ta-auth__links { display: flex; flex-direction: column; gap: 0.5rem; font-size: 0.95rem; }
.ta-auth a { color: #fdff00; }
.ta-auth a:focus-visible, .ta-button:focus-visible, .ta-field__input:focus-visible { outline: 3px solid #fdff00; outline-offset: 2px; }
.ta-form { display: flex; flex-direction: column; gap: 0.9rem; }
.ta-field { display: flex; flex-direction: column; gap: 0.3rem; }
.ta-field__label { font-weight: 600; font-size: 0.95rem; }
.ta-field__input { padding: 0.7rem 0.8rem; border-radius: 0.5rem; border: 1px solid #4a4c59; background: #1b1d24; color: inherit; font-size: 1rem; }
.ta-field__input[aria-invalid="true"] { border-color: #ff6b6b; }
.ta-field__hint { font-size: 0.85rem; color: #a6a6b0; margin: 0; }
.ta-field__error { font-size: 0.85rem; color: #ff8787; margin: 0; }
/* Beats '.ta-auth__card p' (more specific than the class alone): an error must look like one. */
.ta-auth__card .ta-field__error { color: #ff8787; font-weight: 600; }
.ta-button { padding: 0.75rem 1rem; border: 0; border-radius: 0.5rem; background: #fdff00; color: #111; font-weight: 700; font-size: 1rem; cursor: pointer; }
.ta-button[disabled] { opacity: 0.6; cursor: progress; }
.ta-button--secondary { background: transparent; color: #f4f4f5; border: 1px solid #4a4c59; }
.ta-status { padding: 0.9rem 1rem; border-radius: 0.5rem; background: #1b1d24; border: 1px solid #4a4c59; white-space: pre-line; }
.ta-dialog-backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.65); display: flex; align-items: center; justify-content: center; padding: 1rem; z-index: 1000; }
.ta-dialog { background: #1b1d24; color: #f4f4f5; border-radius: 0.75rem; padding: 1.5rem; max-width: 28rem; width: 100%; border-top: 4px solid #fdff00; box-shadow: 0 20px 50px rgba(0,0,0,0.5); }
.ta-dialog--error { border-top-color: #ff6b6b; }
.ta-dialog--warning { border-top-color: #ffb347; }
.ta-dialog__title { margin: 0 0 0.75rem; font-size: 1.25rem; }
.ta-dialog__message { margin: 0 0 1.25rem; white-space: pre-line; line-height: 1.45; }
.ta-dialog__actions { display: flex; flex-wrap: wrap; gap: 0.5rem; justify-content: flex-end; }
@media (min-width: 900px) {
  .ta-auth { grid-template-columns: 1fr 1fr; }
  .ta-auth__welcome { padding: 4rem; }
  .ta-auth__welcome h1 { font-size: 2.6rem; }
}
`;
