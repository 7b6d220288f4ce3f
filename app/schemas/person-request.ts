import { z } from "zod";
import { emailField } from "./text-rules";

// A person's request about their data (/admin/privacy): find, export and erase by the e-mail address they used.

export const personLookupSchema = z.object({ email: emailField() });

export const personErasureSchema = personLookupSchema.extend({
  confirm: z.literal("yes", {
    errorMap: () => ({ message: "Tick the box to confirm: an erasure cannot be undone" }),
  }),
});

export const personErasureFields = ["email", "confirm"] as const;
