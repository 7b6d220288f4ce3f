import { vi } from "vitest";

export type LogLine = { level: string; message: string; time: string } & Record<string, unknown>;

/** The lines the app's logger writes to stdout while `run` runs, as written. */
export async function capturedLogLines(run: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  return lines;
}

/** The JSON lines of a server's output (remix-serve's own text lines left out). */
export function jsonLogLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}
