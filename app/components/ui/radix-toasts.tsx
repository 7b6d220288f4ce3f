// The Radix half of the toaster (swipe, F8, timers): fetched with the first toast a hydrated page shows, since most
// visits see none. Until it arrives the toast shows as the plain live region the server renders.
import * as ToastPrimitive from "@radix-ui/react-toast";
import { toneClasses, type ShownToast } from "./toast-data";

const TOAST_DURATION_MS = 5_000;

export default function RadixToasts({ items, dismiss }: { items: ShownToast[]; dismiss: (id: string) => void }) {
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
