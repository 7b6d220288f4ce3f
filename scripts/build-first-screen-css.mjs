#!/usr/bin/env node
// The first screen's stylesheet (ADR 27): the rules of app/tailwind.css that the parts above the fold use, built
// by Tailwind from those parts' files alone, minified. The server inlines it in the shared landing page instead
// of the whole stylesheet, which the page then loads as a file after its first paint (and at once without
// JavaScript). Run by `npm run build` after `remix build`; written to build/, which only the server reads.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// Everything the first screen can show at any width, and what the document places before it: the layout, the header
// and its no-JavaScript menu, the hero, their icons and buttons, and the section after the hero (a tall window shows
// its top). tests/e2e/first-screen.spec.ts checks the screens match. Not the toaster: this page is only inlined when
// there is no notice to show, and a toast after that needs the scripts, which come after the whole stylesheet.
const firstScreenFiles = [
  "app/root.tsx",
  "app/deferred/*.tsx",
  "app/components/landing/landing-page.tsx",
  "app/components/landing/header.tsx",
  "app/components/landing/header-links.tsx",
  "app/components/landing/hero.tsx",
  "app/components/landing/testimonials.tsx",
  "app/components/landing/section-heading.tsx",
  "app/components/landing/icons.tsx",
  "app/components/landing/icon-sprite.tsx",
  "app/components/landing/section-icons.tsx",
  "app/components/ui/button.ts",
];

// Words of those files' code that Tailwind would take for class names (its scan cannot tell them apart).
const notClasses = ["filter", "backdrop-filter", "resize", "static", "visible", "inline"];

// Elements the first screen has none of: their base rules (Tailwind's preflight) wait for the whole stylesheet. Not form
// controls: autofill lays out the demo form early (see renderOnApproach), and they must take the page's font then.
const absentElements =
  /^(?:abbr|code|kbd|pre|samp|sub|sup|table|progress|summary|dialog|menu|fieldset|legend|audio|canvas|embed|iframe|object|video|hr|::-webkit|:-moz|\[type=search\])/;

const output = "build/first-screen.css";
const config = "build/tailwind.first-screen.config.cjs";

// Hover and keyboard-focus looks wait for the whole stylesheet (ADR 35): it is linked right after the first paint, and
// until it has loaded a focused control shows the browser's own ring. The skip link's `focus:` rules stay: it must
// appear even then.
const interactionStates = /:hover|:focus-visible/;

/**
 * Drops the selectors of `absentElements` and of `interactionStates` from the rules of minified CSS, top level and
 * inside at-rules (other at-rules are kept whole).
 */
function withoutUnneededSelectors(css) {
  let result = "";
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf("{", index);
    if (open === -1) break;
    const prelude = css.slice(index, open);
    let depth = 1;
    let end = open + 1;
    for (; depth > 0; end++) {
      if (css[end] === "{") depth++;
      else if (css[end] === "}") depth--;
    }
    const block = css.slice(open, end);
    index = end;
    if (prelude.startsWith("@media")) {
      const inner = withoutUnneededSelectors(block.slice(1, -1));
      if (inner) result += `${prelude}{${inner}}`;
      continue;
    }
    if (prelude.startsWith("@")) {
      result += prelude + block;
      continue;
    }
    const kept = prelude
      .split(",")
      .filter((selector) => !absentElements.test(selector.trim()) && !interactionStates.test(selector));
    if (kept.length) result += kept.join(",") + block;
  }
  return result;
}

mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(
  config,
  `const base = require(${JSON.stringify(path.resolve("tailwind.config.ts"))});\n` +
    `module.exports = { ...(base.default ?? base), content: ${JSON.stringify(firstScreenFiles)}, blocklist: ${JSON.stringify(notClasses)} };\n`,
);
try {
  const tailwind = createRequire(import.meta.url).resolve("tailwindcss/lib/cli.js");
  execFileSync(
    process.execPath,
    [tailwind, "--config", config, "--input", "app/tailwind.css", "--output", output, "--minify"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
} finally {
  rmSync(config, { force: true });
}
const css = withoutUnneededSelectors(
  readFileSync(output, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .trim(),
);
if (!css.includes(".btn-primary") || !css.includes("box-sizing:border-box")) {
  throw new Error(`${output} lacks the hero's buttons or the base rules: check firstScreenFiles.`);
}
// Until the whole stylesheet arrives, nothing below the first screen may make the page scroll sideways (see
// app/tailwind.css, #main-content); `clip`, unlike `hidden`, makes no scroll container, so sticky still works.
//
// The sections marked `below-first-screen` are laid out only as they near the window (`content-visibility: auto`, ADR
// 34) until the visitor's first move, when the insertion script (app/deferred/insert-after-first-paint.ts) sets
// `data-visitor-moved` and the page renders whole, as before: a page that is only loaded pays the style and layout
// of its first screen alone, and a section link followed after any move scrolls over real heights, never over the
// placeholders (a smooth scroll across skipped sections lands off target). Only with scripting, as only the script
// ends it; dark sections are never marked, since an accessibility checker reads skipped text against white. The
// placeholder height stays after the move: a change of it would stop the browser's scroll anchoring from keeping
// the view in place when the sections above take their real heights.
//
// One skipped section is laid out all the same: Chrome's autofill reads every form at DOMContentLoaded, which styles
// and lays out the demo section (#demo, app/components/demo/demo-section.tsx) that no one sees yet. Every font size
// and weight it meets that the first screen has not costs a synchronous round trip to the browser process (six on
// this page, docs/performance.md), so until the first move its text takes the section's own font; the move, which
// any approach to it starts with, gives it the real ones.
const renderOnApproach =
  ".below-first-screen{contain-intrinsic-size:auto 900px}" +
  "@media (scripting:enabled){html:not([data-visitor-moved]) .below-first-screen{content-visibility:auto}" +
  "html:not([data-visitor-moved]) #demo *{font:inherit}}";
const firstScreen = `${css}#main-content{overflow-x:clip}${renderOnApproach}`;
writeFileSync(output, firstScreen);
console.log(`first-screen stylesheet: ${Buffer.byteLength(firstScreen)} B (${output})`);
