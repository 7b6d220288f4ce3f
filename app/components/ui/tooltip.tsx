// Until the first hover, press or focus loads Radix (./tooltip.lazy), a trigger is its plain element, which carries
// its own accessible name; the tooltip in use then picks up where the visitor is (the hover delay left, or focus).
import { cloneElement, useRef, type PointerEvent, type ReactElement, type ReactNode } from "react";
import { lazyPart, useLazyPart } from "~/deferred/lazy-part";
import type { TooltipIntent } from "./tooltip.lazy";

// Loaded by the first hover, press or focus; a failed fetch (offline) is retried on the next one.
const radixTooltip = lazyPart(() => import("./tooltip.lazy").then((module) => module.TooltipImpl));

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

  const start = (kind: TooltipIntent["kind"]) => {
    intent.current = { kind, at: performance.now(), left: false };
    void radixTooltip.load();
  };
  return cloneElement(children, {
    onPointerMove(event: PointerEvent) {
      if (event.pointerType !== "touch" && !intent.current) start("hover");
    },
    onPointerLeave() {
      if (intent.current) intent.current.left = true;
    },
    onPointerDown: () => start("press"),
    onFocus() {
      if (intent.current?.kind === "press") void radixTooltip.load();
      else start("focus");
    },
  });
}
