import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The checkout dialog a URL opens hydrates with the page, so no click on it is dropped (app/deferred/checkout-dialog).
// If its code cannot be loaded, the page stays the no-JavaScript page, which works as it is.
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
