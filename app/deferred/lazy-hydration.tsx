// Keeping a part's code out of the page's scripts (the page must be complete without JavaScript):
// loadedWhenRendered for a part the server renders from the seam, useLoadedWhenNear for the richer twin of a part
// that already works as hydrated. See ./README.md.
import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from "react";

type Load<P> = () => Promise<ComponentType<P>>;

function lazyComponent<P extends object>(load: Load<P>): ComponentType<P> {
  // React.lazy types its result as an exotic component; rendered with the same props, it is one of these.
  return lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
}

declare global {
  interface Window {
    /**
     * What entry.client waits for before it hydrates the page: the code of the parts loadedWhenRendered found in
     * the server's HTML. On `window` rather than exported: imported by entry.client, this module became a
     * first-load file of its own.
     */
    hydrationWaitsFor?: Promise<unknown>[];
  }
}

/**
 * A component whose code the browser loads when it is first rendered. The server renders `serverComponent`
 * synchronously (pass it from the stand-ins in ./server-only.server, which the browser build empties).
 *
 * When the server rendered it (the browser finds `renderedSelector` in the document), the page's hydration waits
 * for its code (`window.hydrationWaitsFor`) and hydrates it with the rest. Hydrated later, as a dehydrated
 * Suspense boundary, it would drop clicks while the rest of the page already answers: React replays none on a
 * boundary whose code is missing, so a control whose behaviour is only in JavaScript did nothing, and a checkbox
 * the visitor ticked was unticked when the boundary hydrated. Until the code is there the page is the
 * no-JavaScript page, whose links and forms work natively. Rendered later (a client-side navigation), it
 * suspends in a boundary of its own.
 *
 * Only for parts that render from the start of a page (the checkout dialog when the URL opens it): their code
 * delays that page's hydration by one fetch.
 */
export function loadedWhenRendered<P extends object>(
  serverComponent: ComponentType<P> | undefined,
  load: Load<P>,
  renderedSelector: string,
): ComponentType<P> {
  if (typeof document === "undefined") {
    if (!serverComponent) throw new Error("loadedWhenRendered: export the server component from server-only.server");
    return serverComponent;
  }
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => (loading ??= load().then((component) => (loaded = component)));
  if (document.querySelector(renderedSelector)) (window.hydrationWaitsFor ??= []).push(loadOnce());
  const Lazy = lazyComponent(loadOnce);
  return memo(function LoadedWhenRendered(props: P) {
    // Decided once, when mounted: switching from the boundary to the loaded component would remount the part.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  });
}

const intentEvents = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/**
 * Resolves when the visitor is about to need the element: it comes within `margin` of the viewport (scrolling, an
 * anchor link) or the visitor interacts with the page at all.
 */
export function whenVisitorNears(selector: string, margin: string): Promise<void> {
  return new Promise((resolve) => {
    const element = document.querySelector(selector);
    const observer =
      element && typeof IntersectionObserver !== "undefined"
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
            rootMargin: margin,
          })
        : undefined;
    function done() {
      observer?.disconnect();
      for (const type of intentEvents) document.removeEventListener(type, done, true);
      resolve();
    }
    if (!element || !observer) return done();
    for (const type of intentEvents) document.addEventListener(type, done, { capture: true, passive: true });
    observer.observe(element);
  });
}

/**
 * After hydration, what `load` resolves to once the visitor nears the element (within a viewport of it, or any
 * interaction); undefined until then, and for good if loading fails (offline): the part the page hydrated with
 * keeps doing the job. `load` runs at that moment, so it can also read the page as the visitor left it.
 */
export function useLoadedWhenNear<T>(selector: string, load: () => Promise<T>): T | undefined {
  // Wrapped: a function stored in state directly would be taken for an updater.
  const [loaded, setLoaded] = useState<{ value: T }>();
  // Once per mount: a part's selector and loader never change, so the first ones are kept.
  const [part] = useState(() => ({ selector, load }));
  useEffect(() => {
    let active = true;
    whenVisitorNears(part.selector, "100% 0px")
      .then(part.load)
      .then(
        (value) => active && setLoaded({ value }),
        () => {},
      );
    return () => {
      active = false;
    };
  }, [part]);
  return loaded?.value;
}
