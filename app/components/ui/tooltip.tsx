// Until the first hover, press or focus loads Radix (./tooltip.lazy), a trigger is its plain element, which carries
// its own accessible name; the tooltip in use then picks up where the visitor is (the hover delay left, or focus).
import { cloneElement, useRef, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode } from "react";
import { lazyPart, useLazyPart } from "~/deferred/lazy-part";
import type { TooltipIntent } from "./tooltip.lazy";

// Loaded by the first hover, press or focus; a failed fetch (offline) is retried on the next one.
const radixTooltip = lazyPart(() => import("./tooltip.lazy").then((module) => module.TooltipImpl));

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
