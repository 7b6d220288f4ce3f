import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A self-signed certificate for 127.0.0.1 (Debian's openssl), for an https receiver on this machine: production sends
 * webhooks over https only, even to loopback, so the app under test trusts it through NODE_EXTRA_CA_CERTS=`certPath`.
 */
export function throwawayCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), "gw-throwaway-cert-"));
  const keyPath = path.join(dir, "key.pem");
  const certPath = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"],
      ...["-keyout", keyPath, "-out", certPath, "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  return {
    key: readFileSync(keyPath),
    cert: readFileSync(certPath),
    certPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
