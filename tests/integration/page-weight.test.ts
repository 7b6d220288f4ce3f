// The shared page's weight (issue #22), as the production build serves it: within the budgets of
// scripts/bench-budgets.mjs (bytes, gzip bytes, DOM elements). Every document inlines the whole stylesheet.
// The figures are the ones `npm run bench` prints (scripts/bench-budgets.mjs, the same functions). The demo picker
// is the one part that changes with the hour: late in a day it shows fewer times, so each figure is taken as if the
// day shown had all of its times (the default working hours: 32), its largest form. Needs `npm run build`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgetLimits, countElements, pageSizes } from "../../scripts/bench-budgets.mjs";
import { startAppServer } from "../support/app-server.mjs";

const timesInAFullDay = 32; // 09:00-17:00, 15 minutes each (the defaults of app/utils/env.server.ts)

describe("the shared page's weight", () => {
  let app: Awaited<ReturnType<typeof startAppServer>>;
  let html: string;

  beforeAll(async () => {
    app = await startAppServer();
    const response = await fetch(`${app.baseUrl}/`);
    expect(response.status).toBe(200);
    html = await response.text();
  }, 90_000);

  /** The page's figures with the times the day shown lacks added back (each a label and a radio). */
  function fullDaySizes() {
    const chips =
      html.match(/<label class="slot-chip"><input type="radio" name="slotStart"[^>]*>[^<]*<\/label>/g) ?? [];
    const times = chips.filter((chip) => !chip.includes('value=""'));
    expect(times.length).toBeGreaterThan(0);
    expect(times.length).toBeLessThanOrEqual(timesInAFullDay);
    const missing = timesInAFullDay - times.length;
    const sizes = pageSizes(html);
    return {
      domElements: sizes.domElements + 2 * missing,
      htmlBytes: sizes.htmlBytes + missing * Buffer.byteLength(times[0]),
      gzipBytes: sizes.gzipBytes + missing * 12, // a repeated chip compresses to a dozen bytes
    };
  }

  afterAll(async () => {
    await app?.stop();
  });

  it("counts elements as the browser's parser makes them", () => {
    expect(
      countElements("<!DOCTYPE html><html><head><title>a <b></title></head><body><p>x<br></p></body></html>"),
    ).toBe(6);
    expect(countElements("<template><p>a</p></template><script>'<p>'</script><!-- <p> --><div></div>")).toBe(3);
  });

  it(`has at most ${budgetLimits.domElements} DOM elements`, () => {
    expect(fullDaySizes().domElements).toBeLessThanOrEqual(budgetLimits.domElements);
  });

  it(`has at most ${budgetLimits.htmlBytes} bytes, ${budgetLimits.htmlGzipBytes} gzip`, () => {
    const { htmlBytes, gzipBytes } = fullDaySizes();
    expect(htmlBytes).toBeLessThanOrEqual(budgetLimits.htmlBytes);
    expect(gzipBytes).toBeLessThanOrEqual(budgetLimits.htmlGzipBytes);
  });

  it.each(["/", "/privacy", "/?billing=annual"])("inlines the whole stylesheet and links none (%s)", async (path) => {
    const other = await (await fetch(`${app.baseUrl}${path}`)).text();
    expect(other).toMatch(/<style id="page-stylesheet">/);
    expect(other).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const inline = /<style id="page-stylesheet">([^<]*)<\/style>/.exec(other)![1];
    expect(inline).toContain(".faq-trigger:after");
  });
});
