/**
 * Radix Dialog's scroll lock (react-remove-scroll) injects a <style> element at runtime. Our CSP only runs
 * styles carrying the page's nonce, and that library takes its nonce from the global `__webpack_nonce__`
 * (via get-nonce), so the nonce the server put on our scripts is shared with it here.
 */
export function shareNonceWithInjectedStyles() {
  if (typeof document === "undefined") return;
  const scope = globalThis as { __webpack_nonce__?: string };
  if (scope.__webpack_nonce__) return;
  // Browsers hide the nonce attribute from the DOM but keep the property readable.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) scope.__webpack_nonce__ = nonce;
}
