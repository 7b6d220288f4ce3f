// FAQ. The server render and the hydration pass use native <details name="faq"> (one open at a time in
// current browsers, no JS needed); when the visitor nears the FAQ, the same list becomes a Radix Accordion
// (type="single", collapsible, from ./faq-accordion, loaded then), keeping whichever item the visitor had opened.
// Both share the classes below, so the switch is invisible.
import { useRef, useState } from "react";
import { useLoadedWhenNear } from "~/components/lazy-hydration";
import { faqItems } from "~/content/faq";
import type { FaqLook } from "./faq-accordion";
import { SectionHeading } from "./section-heading";
import { ChevronDownIcon } from "./icons";

const itemClass = "border-b border-slate-200";
const triggerClass =
  "flex w-full min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-lg font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden";
const chevronClass = "h-5 w-5 shrink-0 text-slate-600 transition-transform duration-200 motion-reduce:transition-none";
const answerClass = "pb-6 pr-8 text-base leading-relaxed text-slate-700";

const accordionLook: FaqLook = {
  itemClass,
  triggerClass,
  answerClass,
  chevron: (className) => <ChevronDownIcon className={`${chevronClass} ${className}`} />,
};

function NativeFaq({ onOpenChange }: { onOpenChange: (id: string) => void }) {
  return (
    <div>
      {faqItems.map((item) => (
        <details
          key={item.id}
          name="faq"
          className={`group ${itemClass}`}
          data-faq-id={item.id}
          onToggle={(event) => {
            const details = event.currentTarget;
            if (details.open) onOpenChange(item.id);
          }}
        >
          <summary className={triggerClass}>
            <span>{item.question}</span>
            <ChevronDownIcon className={`${chevronClass} group-open:rotate-180`} />
          </summary>
          <div className={answerClass}>
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}

export function Faq() {
  const AccordionFaq = useLoadedWhenNear("#faq", () => import("./faq-accordion").then((module) => module.AccordionFaq));
  const containerRef = useRef<HTMLDivElement>(null);
  const [openBeforeSwitch, setOpenBeforeSwitch] = useState("");

  // Read whichever <details> is open at the moment of the switch (a visitor may have opened one
  // before the scripts arrived, when no React handler was attached yet).
  let initial = openBeforeSwitch;
  if (AccordionFaq && !initial && containerRef.current) {
    const open = containerRef.current.querySelector<HTMLDetailsElement>("details[open]");
    initial = open?.dataset.faqId ?? "";
  }

  return (
    <section aria-labelledby="faq-title" id="faq" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Frequently asked questions"
          lead="Straight answers about setup, support, security and what happens to your data."
        />
        <div ref={containerRef} className="mt-10">
          {AccordionFaq ? (
            <AccordionFaq initial={initial} items={faqItems} look={accordionLook} />
          ) : (
            <NativeFaq onOpenChange={setOpenBeforeSwitch} />
          )}
        </div>
      </div>
    </section>
  );
}
