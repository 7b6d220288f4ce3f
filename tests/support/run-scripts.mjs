// Runs the npm scripts named on the command line side by side, for `npm test`'s checks that do not depend on each
// other (typecheck, lint, build): each is single-threaded for most of its run, so on a 2-core machine two at once
// take about half the time of one after another. Each script's output is printed whole once it ends (not
// interleaved); the exit code is the first failure's, or 0 when all pass.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node tests/support/run-scripts.mjs <npm script>...");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", script], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> npm run ${script}: ${status} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0 ? 0 : (code ?? 1));
    });
  });
}

const codes = await Promise.all(scripts.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
