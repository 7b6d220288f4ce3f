// Radix Tooltip with the spec's behaviour: 700 ms open delay, 300 ms skip delay (set on the provider),
// side offset 4. Radix closes on pointer leave, blur, pointer down (click), Escape and when an ancestor
// of the trigger scrolls; we also close on any page scroll, since the sticky header's triggers never
// move with the page.
import * as RadixTooltip from "@radix-ui/react-tooltip";
import { useEffect, useState, type ReactElement, type ReactNode } from "react";

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </RadixTooltip.Provider>
  );
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    window.addEventListener("scroll", close, { passive: true, capture: true });
    return () => window.removeEventListener("scroll", close, { capture: true });
  }, [open]);

  return (
    <RadixTooltip.Root open={open} onOpenChange={setOpen}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
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
  );
}
