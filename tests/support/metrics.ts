import { metricsRegistry } from "~/utils/metrics.server";

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, as a scraper reads it: every sample line, comments checked for their shape. */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("#")) {
      if (!/^# (HELP|TYPE) [a-zA-Z_:][\w:]* .+$/.test(line)) throw new Error(`not a HELP or TYPE line: ${line}`);
      continue;
    }
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
    const value = Number(match[3]);
    if (Number.isNaN(value) && match[3].toLowerCase() !== "nan") throw new Error(`not a number: ${line}`);
    samples.push({ name: match[1], labels, value });
  }
  return samples;
}

const matches = (sample: Sample, name: string, labels: Record<string, string>) =>
  sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value);

/** The sum of the samples of `name` with these labels (0 when there is none). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.filter((sample) => matches(sample, name, labels)).reduce((sum, sample) => sum + sample.value, 0);
}

/** This process's metrics, scraped as Prometheus would. */
export async function scrapeThisProcess() {
  return parseExposition(await metricsRegistry.metrics());
}
