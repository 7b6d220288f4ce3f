// Spreadsheets run a cell that starts with one of these as a formula (CSV injection); tab and CR too.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-looking text defused with a leading ', then RFC 4180 quoting where needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
          controller.enqueue(encoder.encode(value.map((row) => csvRow(columns.map((column) => column.value(row)))).join("")));
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
