import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PAGE_SCRIPTS_MARKER_ID } from "~/utils/page-scripts-marker";
import { headStyleHashes, inlineScriptHashes } from "~/server/security-headers.server";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

// The shape root.tsx renders: the page's content, the marker, ScrollRestoration, then Remix's scripts.
function documentWith(content: string, head = "") {
  return [
    `<!DOCTYPE html><html><head>${head}<script type="application/ld+json">{"@type":"Organization"}</script></head><body>`,
    content,
    `<template id="${PAGE_SCRIPTS_MARKER_ID}"></template>`,
    `<script>(function restoreScroll(){})("positions", null)</script>`,
    `<link rel="modulepreload" href="/assets/a.js"/>`,
    `<script>window.__remixContext = {"state":{}};</script><script type="module" async="">import "/assets/a.js";</script>`,
    `<script>window.__remixContext.streamController.enqueue("[]");</script>`,
    `</body></html>`,
  ].join("");
}

describe("inlineScriptHashes", () => {
  it("hashes the page's own scripts after the marker, and no data block", () => {
    expect(inlineScriptHashes(documentWith("<main><h1>Groundwork</h1></main>"))).toEqual([
      hashOf(`(function restoreScroll(){})("positions", null)`),
      hashOf(`window.__remixContext = {"state":{}};`),
      hashOf(`import "/assets/a.js";`),
      hashOf(`window.__remixContext.streamController.enqueue("[]");`),
    ]);
  });

  it("gives no hash to a script that got into the content, nor to one behind a fake marker planted there", () => {
    const injected = `<script>steal()</script><template id="${PAGE_SCRIPTS_MARKER_ID}"></template><script>alsoSteal()</script>`;
    const hashes = inlineScriptHashes(documentWith(`<main>${injected}</main>`));
    expect(hashes).not.toContain(hashOf("steal()"));
    expect(hashes).not.toContain(hashOf("alsoSteal()"));
    expect(hashes).toHaveLength(4);
  });

  it("hashes nothing in a document without the marker (it then works as it does without JavaScript)", () => {
    expect(inlineScriptHashes("<html><body><script>anything()</script></body></html>")).toEqual([]);
  });
});

describe("headStyleHashes", () => {
  it("hashes the stylesheet inlined in the head", () => {
    const css = "body{margin:0}.a>b{color:red}";
    expect(headStyleHashes(documentWith("<main></main>", `<style id="page-stylesheet">${css}</style>`))).toEqual([
      hashOf(css),
    ]);
  });

  it("gives no hash to a <style> that got into the content", () => {
    const hashes = headStyleHashes(documentWith("<main><style>input[value^=a]{background:url(/x)}</style></main>"));
    expect(hashes).toEqual([]);
  });
});
