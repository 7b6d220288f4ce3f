// A cell starting with these runs as a formula (CSV injection); full-width forms too, for East Asian Excel.
const FORMULA_START = /^(?:[\t\r\n]|[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
// Some readers split on ";" or tab (European Excel, LibreOffice) and ignore quotes, so these can start a cell too.
const FORMULA_AFTER_SEPARATOR = /([;\t\r\n][\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One CSV field (RFC 4180), with formulas defused whatever separator the reader splits on. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with RFC 4180's CRLF line ending. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/** Pulls a batch only when the client is ready, so memory holds one batch and a disconnect stops the queries. */
export function csvStream<T>(
  columns: CsvColumn<T>[],
  batches: AsyncIterator<T[]> | Iterator<T[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          // The BOM makes Excel read the file as UTF-8 instead of the system code page.
          controller.enqueue(encoder.encode(`\uFEFF${csvRow(columns.map((column) => column.header))}`));
          return;
        }
        try {
          const { done, value } = await batches.next();
          if (done) {
            controller.close();
            return;
          }
          controller.enqueue(
            encoder.encode(value.map((row) => csvRow(columns.map((column) => column.value(row)))).join("")),
          );
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

export function csvDownload<T>(
  fileName: string,
  columns: CsvColumn<T>[],
  batches: AsyncIterator<T[]> | Iterator<T[]>,
  headers: Record<string, string>,
): Response {
  return new Response(csvStream(columns, batches), {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
}
