import { remember } from "~/utils/singleton.server";

/** The demo booking code's one source of "now", so tests can freeze or move it with setClock. */
const clock = remember("clock", () => ({ read: undefined as (() => Date) | undefined }));

export function now(): Date {
  // A copy: a caller that mutates its Date cannot move the clock for everyone else.
  return clock.read ? new Date(clock.read().getTime()) : new Date();
}

export function setClock(fixed: Date | (() => Date) | undefined) {
  clock.read = fixed instanceof Date ? () => fixed : fixed;
}
