import * as fc from "fast-check";
import { expect, it } from "vitest";
import { csvCell, csvRow, csvStream } from "~/utils/csv.server";

it("quotes fields per RFC 4180 only when they need it", () => {
  expect(csvCell("plain")).toBe("plain");
  expect(csvCell("a,b")).toBe('"a,b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell("two\nlines")).toBe('"two\nlines"');
  expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  expect(csvCell(null)).toBe("");
  expect(csvCell(undefined)).toBe("");
  expect(csvCell(42)).toBe("42");
  expect(csvCell(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05.678Z");
  expect(csvRow(["a", "b,c"])).toBe('a,"b,c"\r\n');
});

it("defuses cells a spreadsheet would run as a formula", () => {
  expect(csvCell("=1+1")).toBe("'=1+1");
  expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
  expect(csvCell("-2")).toBe("'-2");
  expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  expect(csvCell("\tTAB")).toBe('"\'\tTAB"');
  expect(csvCell("\r=cmd")).toBe("\"'\r'=cmd\"");
  expect(csvCell('=HYPERLINK("x"),y')).toBe('"\'=HYPERLINK(""x""),y"');
  expect(csvCell("a=b")).toBe("a=b");
});

it("streams a header then one chunk per batch, pulling batches only as they are read", async () => {
  let pulled = 0;
  async function* batches() {
    for (let index = 0; index < 3; index += 1) {
      pulled += 1;
      yield [{ n: index }, { n: index + 10 }];
    }
  }
  const stream = csvStream([{ header: "n", value: (row: { n: number }) => row.n }], batches());
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  expect(decoder.decode((await reader.read()).value)).toBe("\uFEFFn\r\n");
  expect(pulled).toBeLessThanOrEqual(1);
  expect(decoder.decode((await reader.read()).value)).toBe("0\r\n10\r\n");
  await reader.cancel();
  expect(pulled).toBeLessThanOrEqual(2);
});

it("defuses a formula after a ; or tab and quotes such cells, for spreadsheets that split on ; (European Excel)", () => {
  expect(csvCell('Acme;=HYPERLINK("http://evil.example")')).toBe('"Acme;\'=HYPERLINK(""http://evil.example"")"');
  expect(csvCell("Acme; +1 555")).toBe('"Acme; \'+1 555"');
  expect(csvCell("a;b")).toBe('"a;b"');
  expect(csvCell("tab\there")).toBe('"tab\there"');
  expect(csvCell("line\n@SUM(A1)")).toBe('"line\n\'@SUM(A1)"');
  expect(csvCell('x;"=1+1"')).toBe('"x;""\'=1+1"""');
  expect(csvCell("\uFF1D1+1")).toBe("'\uFF1D1+1");
  // Text without a separator before the operator stays as it was.
  expect(csvCell("Smith-Jones, A=B")).toBe('"Smith-Jones, A=B"');
});

/** RFC 4180, as a spreadsheet in a comma locale reads it. */
function parseRfc4180Row(line: string): string[] {
  const cells: string[] = [];
  let index = 0;
  for (;;) {
    let cell = "";
    if (line[index] === '"') {
      index += 1;
      for (;;) {
        if (line[index] === '"' && line[index + 1] === '"') ((cell += '"'), (index += 2));
        else if (line[index] === '"') {
          index += 1;
          break;
        } else if (index >= line.length) throw new Error("unterminated quote");
        else cell += line[index++];
      }
    } else {
      while (index < line.length && line[index] !== ",") cell += line[index++];
    }
    cells.push(cell);
    if (index >= line.length) return cells;
    if (line[index] !== ",") throw new Error(`junk after a quoted cell at ${index}`);
    index += 1;
  }
}

const trickyText = fc.string({
  unit: fc.constantFrom("a", "1", " ", "=", "+", "-", "@", ";", ",", "\t", "\r", "\n", '"', "'", "\uFF1D", "\uFF20"),
});

it("property: whatever the separator a reader splits on, and whether it honours quotes, no cell starts with a formula", () => {
  fc.assert(
    fc.property(fc.array(trickyText, { minLength: 1, maxLength: 4 }), (values) => {
      const line = csvRow(values).slice(0, -2);
      // The most pessimistic reader: splits on ; tab and line breaks anywhere, ignoring quotes, and skips
      // leading spaces and quote marks before deciding whether a cell is a formula.
      for (const piece of line.split(/[;\t\r\n]/)) {
        expect(piece.replace(/^[\s"]*/, "")).not.toMatch(/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/);
      }
      // A comma-locale reader gets every value back, changed only by the defusing apostrophes.
      const cells = parseRfc4180Row(line);
      expect(cells).toHaveLength(values.length);
      cells.forEach((cell, i) => expect(cell.replaceAll("'", "")).toBe(values[i].replaceAll("'", "")));
    }),
    { numRuns: 2000 },
  );
});
