import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// `npm run dev` loads scripts/dev-server-host.mjs into the `remix dev` process, whose live-reload server calls
// `server.listen(port)` with no host. This runs the same kind of call under the same preload.
function addressOfPortOnlyListen(env: Record<string, string> = {}) {
  const program =
    "const s = require('node:http').createServer(); s.listen(0, () => { console.log(s.address().address); s.close(); });";
  return execFileSync(process.execPath, ["--import", "./scripts/dev-server-host.mjs", "-e", program], {
    env: { PATH: process.env.PATH ?? "", ...env } as Record<string, string> as NodeJS.ProcessEnv,
    encoding: "utf8",
  }).trim();
}

describe("npm run dev: the live-reload server's address", () => {
  it("binds localhost by default instead of every interface", () => {
    expect(["127.0.0.1", "::1"]).toContain(addressOfPortOnlyListen());
  });

  it("binds DEV_HOST when it is set", () => {
    expect(addressOfPortOnlyListen({ DEV_HOST: "0.0.0.0" })).toBe("0.0.0.0");
  });

  it("leaves a listen call that names its own host alone", () => {
    const program =
      "const s = require('node:http').createServer(); s.listen(0, '0.0.0.0', () => { console.log(s.address().address); s.close(); });";
    const address = execFileSync(process.execPath, ["--import", "./scripts/dev-server-host.mjs", "-e", program], {
      encoding: "utf8",
    }).trim();
    expect(address).toBe("0.0.0.0");
  });
});
