import http from "node:http";

/**
 * One HTTP request from a chosen local address (any 127.x.y.z on Linux loopback), so a test can be many
 * clients to a server that tells them apart by their TCP peer. A fresh connection per request.
 * @param {string} localAddress
 * @param {string} url
 * @param {{ method?: string; headers?: Record<string, string>; body?: string }} [options]
 * @returns {Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; text: string }>}
 */
export function requestFrom(localAddress, url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: { Host: target.host, ...headers },
        localAddress,
        agent: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
