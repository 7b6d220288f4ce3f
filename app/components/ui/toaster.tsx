import { useEffect, useRef, useState } from "react";
import { firstUse, useFirstUse } from "~/deferred/first-use";
import { useHydrated } from "~/utils/use-hydrated";

export type ToastData = {
  id: string;
  type: "info" | "success" | "error" | "warning";
  message: string;
  description?: string;
};

// The spec keeps a dismissed toast around this long before removing it.
const TOAST_REMOVE_DELAY_MS = 1_000_000;

const toneClasses = {
  error: "border-red-700 bg-red-700 text-white",
  success: "border-slate-200 bg-white text-slate-900",
  info: "border-slate-200 bg-white text-slate-900",
  warning: "border-amber-300 bg-amber-50 text-slate-900",
} as const;

// Radix Toast is not part of the first load: most page views never show a toast. It is imported when the
// first toast is there to show, and the plain status region stands in until it arrives (retried with the next
// toast if the fetch fails).
const radixToaster = firstUse(() => import("./toaster.lazy").then((module) => module.RadixToaster));

const shownByBrowser = new Set<(toast: ToastData) => void>();
// Shown before a toaster listens: hydration runs the page's effects before the root's Toaster registers (it
// comes after the route in the tree), and a page hands the notice it was rendered with over in such an effect.
let waiting: ToastData | undefined;
let shownCount = 0;

/**
 * Shows a toast from the browser itself, for a submission whose answer carried none: no answer at all (a dropped
 * connection), an answer the app did not write (a proxy's 502), or a refusal.
 */
export function showToast(toast: Omit<ToastData, "id">) {
  shownCount += 1;
  const item = { ...toast, id: `browser-${shownCount}` };
  if (shownByBrowser.size === 0) waiting = item;
  for (const listener of shownByBrowser) listener(item);
}

/**
 * Hands a notice the page was rendered with (the answer to a form the browser posted itself, before the page's
 * scripts took its forms over) to the toaster once the page hydrates: rendered as page markup only until then, it
 * would vanish. Only the notice present at hydration: later answers come with their own toasts.
 */
export function useToastAtHydration(notice: Omit<ToastData, "id"> | undefined) {
  const atHydration = useRef(notice);
  useEffect(() => {
    if (atHydration.current) showToast(atHydration.current);
  }, []);
}

/**
 * Shows the toast the server put in the cookie. Before hydration it is plain HTML in a live status region,
 * so it is seen without JavaScript; after hydration, once the first toast shows, it is a Radix Toast (one
 * at a time, swipe right, F8).
 */
export function Toaster({ toast }: { toast?: ToastData }) {
  const hydrated = useHydrated();
  const Radix = useFirstUse(radixToaster);
  const [items, setItems] = useState<Array<ToastData & { open: boolean }>>(toast ? [{ ...toast, open: true }] : []);

  useEffect(() => {
    if (!toast) return;
    // At most one visible: a new toast replaces whatever is showing.
    setItems((current) => (current.some((item) => item.id === toast.id) ? current : [{ ...toast, open: true }]));
  }, [toast]);

  useEffect(() => {
    // At most one visible, as with the server's toasts.
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

  const hasItems = items.length > 0;
  useEffect(() => {
    if (hasItems) void radixToaster.load();
  }, [hasItems]);

  if (!hydrated || !Radix) {
    // Until Radix arrives, the newest open toast shows here (the server's, or one from a later action).
    const shown = hydrated ? items.find((item) => item.open) : toast;
    return (
      <div role="status" aria-live="polite" className="fixed bottom-4 right-4 z-[100] w-[min(24rem,calc(100vw-2rem))]">
        {shown ? (
          <div data-toast-type={shown.type} className={`rounded-lg border p-4 shadow-lg ${toneClasses[shown.type]}`}>
            <p className="text-sm font-semibold">{shown.message}</p>
            {shown.description ? <p className="mt-1 text-sm opacity-90">{shown.description}</p> : null}
          </div>
        ) : null}
      </div>
    );
  }

  return <Radix items={items} dismiss={dismiss} toneClasses={toneClasses} />;
}
