// jsdom has no HTMLDialogElement.showModal/close. These stand-ins only toggle `open` and fire
// `close`, which is what the components rely on; focus trapping and Escape are the browser's
// and are covered by the Playwright specs in real Chromium.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
