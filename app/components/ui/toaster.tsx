import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { toneClasses, type ShownToast, type ToastData } from "./toast-data";

const RadixToasts = lazy(() => import("./radix-toasts"));

/** For a form the visitor starts on: its answer's toast then rarely waits for Radix's half. */
export function preloadToasts() {
  void import("./radix-toasts");
}

// The spec keeps a dismissed toast around this long before removing it.
const TOAST_REMOVE_DELAY_MS = 1_000_000;

const shownByBrowser = new Set<(toast: ToastData) => void>();
// The page's hydration effects run before the root's Toaster (later in the tree) listens.
let waiting: ToastData | undefined;
let shownCount = 0;

/** For a submission whose answer carried no toast: a dropped connection, a proxy's error page, or a refusal. */
export function showToast(toast: Omit<ToastData, "id">) {
  shownCount += 1;
  const item = { ...toast, id: `browser-${shownCount}` };
  if (shownByBrowser.size === 0) waiting = item;
  for (const listener of shownByBrowser) listener(item);
}

/** Hands the notice from a pre-hydration (no-JS) form post to the toaster, or hydration would make it vanish. */
export function useToastAtHydration(notice: Omit<ToastData, "id"> | undefined) {
  const atHydration = useRef(notice);
  useEffect(() => {
    if (atHydration.current) showToast(atHydration.current);
  }, []);
}

/** The cookie's toast: plain HTML in a live region until hydration, so it works without JS; then a Radix Toast,
 * whose code a hydrated page fetches with its first toast. */
export function Toaster({ toast }: { toast?: ToastData }) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<ShownToast[]>(toast ? [{ ...toast, open: true }] : []);

  useEffect(() => {
    if (!toast) return;
    setItems((current) => (current.some((item) => item.id === toast.id) ? current : [{ ...toast, open: true }]));
  }, [toast]);

  useEffect(() => {
    // At most one visible: a new toast replaces whatever is showing.
    const show = (item: ToastData) => setItems([{ ...item, open: true }]);
    shownByBrowser.add(show);
    if (waiting) show(waiting);
    waiting = undefined;
    return () => void shownByBrowser.delete(show);
  }, []);

  function dismiss(id: string) {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));
    setTimeout(() => setItems((current) => current.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
  }

  if (!hydrated || items.length === 0) return <PlainToasts items={items} />;

  return (
    <Suspense fallback={<PlainToasts items={items.filter((item) => item.open)} />}>
      <RadixToasts items={items} dismiss={dismiss} />
    </Suspense>
  );
}

/** The server's toast: plain HTML in a live region, so it works without JavaScript. */
function PlainToasts({ items }: { items: ShownToast[] }) {
  return (
    <div role="status" aria-live="polite" className="fixed bottom-4 right-4 z-[100] w-[min(24rem,calc(100vw-2rem))]">
      {items.map((item) => (
        <div
          key={item.id}
          data-toast-type={item.type}
          className={`rounded-lg border p-4 shadow-lg ${toneClasses[item.type]}`}
        >
          <p className="text-sm font-semibold">{item.message}</p>
          {item.description ? <p className="mt-1 text-sm opacity-90">{item.description}</p> : null}
        </div>
      ))}
    </div>
  );
}
