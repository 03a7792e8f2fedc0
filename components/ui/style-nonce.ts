// Radix's scroll lock (react-remove-scroll, behind dialogs, menus and popovers) adds a <style>
// element when one opens. Under the page's Content-Security-Policy that element needs the page's
// nonce, which the lock reads from the global `__webpack_nonce__` (get-nonce); the browser shows
// the nonce only as the `nonce` property of the page's own scripts, which Next gave it.
if (typeof document !== 'undefined') {
  const g = globalThis as { __webpack_nonce__?: string };
  g.__webpack_nonce__ ??= document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

export {};
