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
  expect(csvCell("\tTAB")).toBe("'\tTAB");
  expect(csvCell("\r=cmd")).toBe("\"'\r=cmd\"");
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
