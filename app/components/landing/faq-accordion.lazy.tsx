// Imports only Radix: the items and classes come from ./faq, so nothing the first load already has is bundled twice.
import * as Accordion from "@radix-ui/react-accordion";
import type { FaqItem } from "~/content/faq";

export type FaqLook = {
  itemClass: string;
  triggerClass: string;
  answerClass: string;
};

export function AccordionFaq({ initial, items, look }: { initial: string; items: readonly FaqItem[]; look: FaqLook }) {
  const { itemClass, triggerClass, answerClass } = look;
  return (
    <Accordion.Root type="single" collapsible defaultValue={initial}>
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} className={itemClass}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className={triggerClass}>{item.question}</Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className={answerClass}>
            <p>{item.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
