// The page's tooltips. Radix Tooltip and floating-ui are not part of the first load: until a
// visitor points at or focuses a trigger, each trigger is just its plain element (its accessible name is
// on the element itself, so nothing is missing for assistive technology). The first pointer or focus
// loads ./tooltip.lazy, every tooltip then switches to the Radix version, and the one being used picks up
// where the visitor is (the remaining hover delay, or focus).
import { cloneElement, useRef, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode } from "react";
import { lazyPart, useLazyPart } from "~/deferred/lazy-part";
import type { TooltipIntent } from "./tooltip.lazy";

// Loaded by the first hover, press or focus; a failed fetch (offline) is retried on the next one.
const radixTooltip = lazyPart(() => import("./tooltip.lazy").then((module) => module.TooltipImpl));

/** Kept for the page's structure; the open (700 ms) and skip (300 ms) delays live in ./tooltip.lazy. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

type TriggerProps = {
  onPointerMove?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const Implementation = useLazyPart(radixTooltip);
  const intent = useRef<TooltipIntent>();

  if (Implementation) {
    return (
      <Implementation content={content} intent={intent.current}>
        {children}
      </Implementation>
    );
  }

  const own = children.props as TriggerProps;
  const props: TriggerProps = {
    onPointerMove(event) {
      own.onPointerMove?.(event);
      if (event.pointerType === "touch" || intent.current) return;
      intent.current = { kind: "hover", at: performance.now(), left: false };
      void radixTooltip.load();
    },
    onPointerLeave(event) {
      own.onPointerLeave?.(event);
      if (intent.current) intent.current.left = true;
    },
    onPointerDown(event) {
      own.onPointerDown?.(event);
      intent.current = { kind: "press", at: performance.now(), left: false };
      void radixTooltip.load();
    },
    onFocus(event) {
      own.onFocus?.(event);
      if (intent.current?.kind !== "press") intent.current = { kind: "focus", at: performance.now(), left: false };
      void radixTooltip.load();
    },
  };
  return cloneElement(children, props);
}
