import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderedPartsLoaded } from "~/deferred/lazy-hydration";

// A part whose code loads on its own (the checkout dialog a URL opens) hydrates with the page, so no click on it
// is dropped while the rest already answers; without that code the page stays the no-JavaScript page.
renderedPartsLoaded().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
