// Native <details name="faq"> open one at a time without JS; ./faq-accordion.lazy shares these classes (see ./faq).
import { faqItems } from "~/content/faq";
import type { FaqLook } from "./faq-accordion.lazy";

const itemClass = "border-b border-slate-200";
// The chevron is the trigger's ::after (.faq-trigger in app/tailwind.css), turned when its item is open.
const triggerClass =
  "faq-trigger flex w-full min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-lg font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden";
const answerClass = "pb-6 pr-8 text-base leading-relaxed text-slate-700";

export const accordionLook: FaqLook = {
  itemClass,
  triggerClass,
  answerClass,
};

export function FaqList() {
  return faqItems.map((item) => (
    <details key={item.id} name="faq" className={`group ${itemClass}`} data-faq-id={item.id}>
      <summary className={triggerClass}>{item.question}</summary>
      <p className={answerClass}>{item.answer}</p>
    </details>
  ));
}
