import type { RuleInput } from "~/models/demo/routing.server";

/** A routing rule to save (ADR 0057): first, with no conditions, team or plan unless given. */
export const rule = (input: Partial<RuleInput> & Pick<RuleInput, "name" | "outcome">): RuleInput => ({
  position: 1,
  conditions: {},
  teamId: null,
  selfServePlanId: null,
  ...input,
});
