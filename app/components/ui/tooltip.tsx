// Until the first hover, press or focus loads Radix (./tooltip.lazy), a trigger is its plain element, which carries
// its own accessible name; the tooltip in use then picks up where the visitor is (the hover delay left, or focus).
// Not React.lazy: a Suspense boundary in every trigger's place would sit under the sections' own updates (the
// billing switch) before it hydrates, and React throws such a boundary's server HTML away (ADR 0052).
import { cloneElement, useRef, useState, type PointerEvent, type ReactElement, type ReactNode } from "react";
import type { TooltipImpl, TooltipIntent } from "./tooltip.lazy";

let radixTooltip: typeof TooltipImpl | undefined;

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const [Implementation, setImplementation] = useState(() => radixTooltip);
  const intent = useRef<TooltipIntent>();

  if (Implementation) {
    return (
      <Implementation content={content} intent={intent.current}>
        {children}
      </Implementation>
    );
  }

  const start = (kind: TooltipIntent["kind"]) => {
    intent.current ??= { kind, at: performance.now(), left: false };
    // A failed fetch (offline) leaves the plain trigger; the next hover, press or focus tries again.
    import("./tooltip.lazy").then(
      (module) => {
        radixTooltip = module.TooltipImpl;
        setImplementation(() => module.TooltipImpl);
      },
      () => {},
    );
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
      start(intent.current?.kind === "press" ? "press" : "focus");
    },
  });
}
