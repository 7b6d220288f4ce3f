// A CRM's webhook receiver on 127.0.0.1 (issue #25): it verifies every request's Standard Webhooks signature with
// its own implementation of the specification (HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>" with the
// base64 key after "whsec_", signatures "v1,<base64>" space-separated, a timestamp within five minutes), written
// from the spec and sharing no code with the `standardwebhooks` package the app signs with. It records what it
// accepts deduplicated by `webhook-id`, as a receiver should, and can misbehave on purpose: answer 500, hang,
// reset the connection, redirect, send a 1 GB body, or be slow.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Misbehaviour =
  | { kind: "ok"; delayMs?: number }
  | { kind: "status"; status: number }
  | { kind: "hang" }
  | { kind: "reset" }
  | { kind: "redirect"; location: string }
  | { kind: "huge"; bytes: number };

export type ReceivedRequest = {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Whether the signature verified with one of the receiver's secrets (each checked alone, see verifiedBy). */
  verified: boolean;
  /** Which of the receiver's secrets verified it. */
  verifiedBy: string[];
};

export type AcceptedEvent = {
  id: string;
  type: string;
  version: number;
  timestamp: string;
  data: Record<string, unknown>;
};

const TOLERANCE_SECONDS = 5 * 60;

/** The Standard Webhooks check of one request against one secret, from the specification. */
export function verifiesWith(secret: string, id: string, timestamp: string, body: string, signature: string): boolean {
  if (!secret.startsWith("whsec_")) return false;
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", Buffer.from(secret.slice("whsec_".length), "base64"))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return signature.split(" ").some((part) => {
    const [version, value] = part.split(",");
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export type WebhookReceiver = {
  url: string;
  port: number;
  /** Every request, in arrival order (retries and duplicates included). */
  requests: ReceivedRequest[];
  /** The events accepted (answered 2xx with a valid signature), each once, in the order first accepted. */
  accepted: AcceptedEvent[];
  /** How many requests carried an id already accepted (at-least-once delivery's duplicates). */
  duplicates: number;
  /** The secrets a request may be signed with; a request verified by none is answered 401. */
  secrets: string[];
  /** What the next requests get: shifted per request; when empty, `fallback`. */
  plan: Misbehaviour[];
  fallback: Misbehaviour;
  /** Bytes written by "huge" answers, across all of them. */
  hugeBytesWritten: number;
  /** Stops listening (the receiver is "down") and resumes on the same port. */
  down: () => Promise<void>;
  up: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startWebhookReceiver(secrets: string[], port = 0): Promise<WebhookReceiver> {
  const sockets = new Set<import("node:net").Socket>();
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    requests: [],
    accepted: [],
    duplicates: 0,
    secrets,
    plan: [],
    fallback: { kind: "ok" },
    hugeBytesWritten: 0,
    down: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
    },
    up: () => new Promise<void>((resolve) => server.listen(receiver.port, "127.0.0.1", () => resolve())),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const acceptedIds = new Set<string>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const header = (name: string) => String(request.headers[name] ?? "");
      const body = Buffer.concat(chunks).toString("utf8");
      const [id, timestamp, signature] = [
        header("webhook-id"),
        header("webhook-timestamp"),
        header("webhook-signature"),
      ];
      const verifiedBy = receiver.secrets.filter((secret) => verifiesWith(secret, id, timestamp, body, signature));
      receiver.requests.push({ id, timestamp, signature, body, verified: verifiedBy.length > 0, verifiedBy });
      const behaviour = receiver.plan.shift() ?? receiver.fallback;

      /** Keeps the event once per id; false (answered 401) when no secret verifies it. */
      const record = () => {
        if (verifiedBy.length === 0) {
          response.writeHead(401).end("bad signature");
          return false;
        }
        if (acceptedIds.has(id)) receiver.duplicates += 1;
        else {
          acceptedIds.add(id);
          receiver.accepted.push(JSON.parse(body) as AcceptedEvent);
        }
        return true;
      };
      const accept = () => {
        if (record()) response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      };

      switch (behaviour.kind) {
        case "ok":
          if (behaviour.delayMs) setTimeout(accept, behaviour.delayMs);
          else accept();
          return;
        case "status":
          response
            .writeHead(behaviour.status, { "content-type": "text/plain" })
            .end(`failing on purpose: ${behaviour.status}`);
          return;
        case "hang":
          return; // never answers; the sender's timeout has to end it
        case "reset":
          request.socket.resetAndDestroy();
          return;
        case "redirect":
          response.writeHead(307, { location: behaviour.location }).end();
          return;
        case "huge": {
          // A 2xx that never ends: the sender must stop reading and close; we only count what got out.
          if (!record()) return;
          response.writeHead(200, { "content-type": "application/octet-stream" });
          const chunk = Buffer.alloc(64 * 1024, 120);
          let left = behaviour.bytes;
          const pump = () => {
            while (left > 0 && !response.destroyed) {
              left -= chunk.length;
              receiver.hugeBytesWritten += chunk.length;
              if (!response.write(chunk)) return response.once("drain", pump);
            }
            if (!response.destroyed) response.end();
          };
          response.on("close", () => (left = 0));
          pump();
          return;
        }
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/groundwork`;
  return receiver;
}
