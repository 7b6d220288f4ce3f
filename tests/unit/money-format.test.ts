import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, formatUsd, plans } from "~/content/plans";

// Intl.NumberFormat is the reference the hand-written formatters must match, figure for figure.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

describe("money formatting", () => {
  it("writes whole dollars as en-US does", () => {
    expect(formatUsd(247)).toBe("$247");
    expect(formatUsd(6970)).toBe("$6,970");
    for (const plan of plans) expect(formatUsd(plan.annualPrice)).toBe(usd.format(plan.annualPrice));
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e12 }), (dollars) => formatUsd(dollars) === usd.format(dollars)),
    );
  });

  it("writes cents with two decimals, and whole amounts without them", () => {
    expect(formatCents(197_600)).toBe("$1,976");
    expect(formatCents(197_650)).toBe("$1,976.50");
    expect(formatCents(5)).toBe("$0.05");
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e13 }), (cents) => {
        const expected = cents % 100 === 0 ? usd.format(cents / 100) : usdCents.format(cents / 100);
        return formatCents(cents) === expected;
      }),
    );
  });
});
