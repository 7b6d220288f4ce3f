// Delays and offset are the spec's. Closes on any page scroll too (Radix only on an ancestor's): the sticky header's
// triggers never move. Each tooltip has its own provider, so the skip delay across them is kept in `lastClosedAt`.
import * as RadixTooltip from "@radix-ui/react-tooltip";
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from "react";

/** The interaction that loaded this module, carried over by the plain trigger in ./tooltip. */
export type TooltipIntent = { kind: "hover" | "focus" | "press"; at: number; left: boolean };
type TooltipImplProps = { content: ReactNode; children: ReactElement; intent?: TooltipIntent };

const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
let lastClosedAt = Number.NEGATIVE_INFINITY;

export function TooltipImpl({ content, children, intent }: TooltipImplProps) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const pointerLeft = useRef(intent?.left ?? false);
  // Focus moved back after the switch (see below) must not open a tooltip the visitor clicked away from.
  const suppressFocusOpen = useRef(false);

  function changeOpen(next: boolean) {
    if (next && suppressFocusOpen.current) return;
    if (!next && open) lastClosedAt = performance.now();
    setOpen(next);
  }

  // The switch from the plain trigger re-created the element: carry over the interaction that loaded us.
  useEffect(() => {
    if (!intent) return;
    if (intent.kind === "hover") {
      const timer = setTimeout(
        () => {
          if (!pointerLeft.current) setOpen(true);
        },
        Math.max(0, OPEN_DELAY_MS - (performance.now() - intent.at)),
      );
      return () => clearTimeout(timer);
    }
    if (intent.kind === "press") suppressFocusOpen.current = true;
    // The browser already scrolled the trigger into view for the original focus; do not scroll (and close) again.
    trigger.current?.focus({ preventScroll: true });
    suppressFocusOpen.current = false;
  }, [intent]);

  useEffect(() => {
    if (!open) return;
    const close = () => {
      lastClosedAt = performance.now();
      setOpen(false);
    };
    window.addEventListener("scroll", close, { passive: true, capture: true });
    return () => window.removeEventListener("scroll", close, { capture: true });
  }, [open]);

  return (
    <RadixTooltip.Provider delayDuration={OPEN_DELAY_MS} skipDelayDuration={SKIP_DELAY_MS}>
      <RadixTooltip.Root open={open} onOpenChange={changeOpen}>
        <RadixTooltip.Trigger
          asChild
          ref={trigger}
          onPointerEnter={(event) => {
            pointerLeft.current = false;
            // Moving from one tooltip to the next within the skip delay opens at once, as one provider would.
            if (event.pointerType !== "touch" && performance.now() - lastClosedAt < SKIP_DELAY_MS) setOpen(true);
          }}
          onPointerLeave={() => {
            pointerLeft.current = true;
          }}
        >
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side="top"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm leading-snug text-white shadow-lg"
          >
            {content}
            <RadixTooltip.Arrow className="fill-slate-900" width={10} height={5} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
