// Spreadsheets run a cell that starts with one of these as a formula (CSV injection): = + - @, tab, CR and LF,
// and their full-width forms, which some East Asian versions of Excel read as the same operators. Leading
// spaces and quotes do not hide an operator from every reader.
const FORMULA_START = /^(?:[\t\r\n]|[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
// A separator the reader may split on instead of the comma: Excel in many European locales splits a .csv on
// ";", LibreOffice offers tab, and such a reader takes a quote in the middle of a comma-separated line literally,
// so even a line break inside a quoted cell can end its row. Whatever follows one of these can start a cell.
const FORMULA_AFTER_SEPARATOR = /([;\t\r\n][\s"]*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV field, safe in a spreadsheet whatever separator it splits on: formula-looking text at the start or
 * after a `;`, tab or line break is defused with a ', then the field is quoted per RFC 4180 (and also when it
 * holds a `;` or tab, so a reader that honours quotes keeps it one cell of text).
 */
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

/**
 * A CSV body that pulls one batch from `batches` each time the client is ready for more, so memory
 * holds one batch however large the table, and a client that disconnects stops the queries.
 */
export function csvStream<T>(columns: CsvColumn<T>[], batches: AsyncIterator<T[]>): ReadableStream<Uint8Array> {
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

/** A CSV download named `<name>-<today>.csv`, streamed from `batches`; `headers` add the route's own (no-store…). */
export function csvDownload<T>(
  name: string,
  columns: CsvColumn<T>[],
  batches: AsyncIterator<T[]>,
  headers: Record<string, string>,
): Response {
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csvStream(columns, batches), {
    headers: {
      ...headers,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${date}.csv"`,
    },
  });
}
