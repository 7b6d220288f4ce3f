// Preloaded into the app server by `BENCH_PROFILE_DIR=… npm run bench` (NODE_OPTIONS=--require): records a V8
// CPU profile from start-up and writes it when the server is asked to stop. `--cpu-prof` alone writes nothing
// here, because remix-serve is stopped with a signal, not by exiting.
const { Session } = require("node:inspector");
const { writeFileSync } = require("node:fs");

const file = process.env.BENCH_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.once("SIGTERM", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
      session.disconnect();
    });
  });
}
