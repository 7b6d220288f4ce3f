import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";

type ToastData = {
  id: string;
  type: "info" | "success" | "error" | "warning";
  message: string;
  description?: string;
};

type ShownToast = ToastData & { open: boolean };

// The spec keeps a dismissed toast around this long before removing it.
const TOAST_REMOVE_DELAY_MS = 1_000_000;
const TOAST_DURATION_MS = 5_000;

const toneClasses = {
  error: "border-red-700 bg-red-700 text-white",
  success: "border-slate-200 bg-white text-slate-900",
  info: "border-slate-200 bg-white text-slate-900",
  warning: "border-amber-300 bg-amber-50 text-slate-900",
} as const;

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

/** The cookie's toast: plain HTML in a live region until hydration, so it works without JS; then a Radix Toast. */
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

  if (!hydrated) {
    return (
      <div role="status" aria-live="polite" className="fixed bottom-4 right-4 z-[100] w-[min(24rem,calc(100vw-2rem))]">
        {toast ? (
          <div data-toast-type={toast.type} className={`rounded-lg border p-4 shadow-lg ${toneClasses[toast.type]}`}>
            <p className="text-sm font-semibold">{toast.message}</p>
            {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => (open ? undefined : dismiss(item.id))}
          type={item.type === "error" ? "foreground" : "background"}
          data-toast-type={item.type}
          className={`group relative flex items-start justify-between gap-3 rounded-lg border p-4 shadow-lg data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-toast-out ${toneClasses[item.type]}`}
        >
          <div>
            <ToastPrimitive.Title className="text-sm font-semibold">{item.message}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="mt-1 text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="-m-1 inline-flex h-7 w-7 items-center justify-center rounded-md opacity-80 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              width="14"
              height="14"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 3l10 10M13 3L3 13" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* A modal dialog opened after this (the checkout, once its code arrives) hides the rest of the page from
          assistive technology, all but live regions: marked as one, the notifications stay reachable. */}
      <ToastPrimitive.Viewport
        aria-live="off"
        hotkey={["F8"]}
        className="fixed bottom-4 right-4 z-[100] m-0 flex w-[min(24rem,calc(100vw-2rem))] list-none flex-col gap-2 p-0 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
