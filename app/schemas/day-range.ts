import { z } from "zod";
import { isCalendarDate } from "~/utils/time/calendar-date";

// Years outside this are typing slips (0202 for 2026), not days anyone plans time off or looks for deliveries on.
const EARLIEST_DAY = "2000-01-01";
const LATEST_DAY = "2999-12-31";

export const isDay = (value: string) => isCalendarDate(value) && value >= EARLIEST_DAY && value <= LATEST_DAY;

export function dayField(label: string) {
  const message = `Enter the ${label} as a date, e.g. 2027-03-15`;
  return z.string({ required_error: message, invalid_type_error: message }).trim().refine(isDay, message);
}

export function lastDayNotBefore<First extends string, Last extends string>(first: First, last: Last) {
  return (days: Record<First | Last, string>, ctx: z.RefinementCtx) => {
    // A day that is no date has its own message already; comparing it would only add a second, wrong one.
    if (isDay(days[first]) && isDay(days[last]) && days[last] < days[first]) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [last],
        message: "The last day must be the first day or after it",
      });
    }
  };
}
