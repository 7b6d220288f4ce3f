import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A part whose code loads on its own (the checkout dialog a URL opens) hydrates with the page, so that no click on
// it is dropped while the rest already answers (loadedWhenRendered in app/deferred/lazy-hydration.tsx). If that
// code cannot be loaded, the page stays the no-JavaScript page, which works as it is.
Promise.all(window.hydrationWaitsFor ?? []).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
