// The text of the scroll-restoring script that the server writes at the end of every document (./scroll-restoration.tsx).
// Only the server renders it, so it is reached through the seam, ./server-only.server.tsx, and never lands in the
// browser's first load.
import { compactScript } from "~/utils/compact-script";

/** Where Remix's scroll restoration keeps the positions it saves (its `STORAGE_KEY`). */
const POSITIONS_STORAGE_KEY = "positions";

/**
 * Remix's restoring script (`<ScrollRestoration>`, v2) with one change: a history entry without a key (a first visit,
 * or a link followed without JavaScript) gets its key and reads no stored position. There can be none under a key
 * just made, and a page's first `sessionStorage` read is a synchronous round trip to the browser process, about 5 ms
 * of a first load's main thread (docs/performance.md). The rest is as Remix writes it.
 */
export const RESTORE_SCROLL_SCRIPT = compactScript(`(function (storageKey) {
  var state = history.state;
  if (!state || !state.key) {
    history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
    return;
  }
  try {
    var storedY = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[state.key];
    if (typeof storedY === "number") scrollTo(0, storedY);
  } catch (error) {
    console.error(error);
    sessionStorage.removeItem(storageKey);
  }
})(${JSON.stringify(POSITIONS_STORAGE_KEY)})`);
