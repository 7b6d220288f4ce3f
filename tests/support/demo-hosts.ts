import type { RequestedSlot } from "~/models/demo/request.server";
import { currentHosts, hostChoiceAt } from "~/services/demo/hosts.server";

/** What the database needs to book or move to `start`, from the hosts as the app reads them (ADR 0030). */
export async function choiceAt(start: Date) {
  return hostChoiceAt(start, await currentHosts());
}

/** A picked slot as the demo form's action makes it. */
export async function slotAt(start: Date): Promise<RequestedSlot> {
  const choice = await choiceAt(start);
  return { slotStart: start, slotEnd: choice.end, choice };
}
