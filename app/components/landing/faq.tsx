// Native <details name="faq"> work without JavaScript; when the visitor nears the FAQ they become the Radix
// Accordion, keeping the open item. Both share ./faq-list's classes, so the switch is invisible.
import { useRef } from "react";
import { faqItems } from "~/content/faq";
import { useLoadedWhenNear } from "~/utils/use-loaded-when-near";
import { accordionLook, FaqList } from "./faq-list";
import { SectionHeading } from "./section-heading";

const loadAccordion = () => import("./faq-accordion.lazy").then((module) => module.AccordionFaq);

export function Faq() {
  const AccordionFaq = useLoadedWhenNear("#faq", loadAccordion);
  const containerRef = useRef<HTMLDivElement>(null);

  // Read whichever <details> is open at the moment of the switch (the native list has no React handlers: the
  // visitor may have opened one at any time before).
  let initial = "";
  if (AccordionFaq && containerRef.current) {
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
          {AccordionFaq ? <AccordionFaq initial={initial} items={faqItems} look={accordionLook} /> : <FaqList />}
        </div>
      </div>
    </section>
  );
}
