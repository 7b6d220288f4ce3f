import { remember } from "~/utils/singleton.server";

/**
 * The one source of "now" for the demo booking code (availability, notice, horizon, "has this demo passed").
 * Tests freeze or move it with setClock instead of waiting for real time, so daylight-saving dates and the
 * booking horizon can be tested on any day.
 */
const clock = remember("clock", () => ({ read: undefined as (() => Date) | undefined }));

export function now(): Date {
  // A copy: a caller that mutates its Date cannot move the clock for everyone else.
  return clock.read ? new Date(clock.read().getTime()) : new Date();
}

/** Replaces the clock (a fixed Date, or a function for a clock that moves); undefined restores real time. */
export function setClock(fixed: Date | (() => Date) | undefined) {
  clock.read = fixed instanceof Date ? () => fixed : fixed;
}
