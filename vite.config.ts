import { readFileSync } from "node:fs";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";

// Loaders' data as single fetch delivers it (ADR 0052).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The low-priority password-check thread (ADR 0055) is a module a worker starts by its URL, so the server build ships
// it beside itself, where that URL points.
const passwordCheckWorker = "app/services/admin/password-check.worker.js";
const shipPasswordCheckWorker: Plugin = {
  name: "ship-password-check-worker",
  generateBundle() {
    this.emitFile({
      type: "asset",
      fileName: path.basename(passwordCheckWorker),
      source: readFileSync(path.resolve(import.meta.dirname, passwordCheckWorker)),
    });
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server build awaits its start-up before remix-serve listens (ADR 0002).
  build: isSsrBuild ? { target: "esnext" } : {},
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
    isSsrBuild ? shipPasswordCheckWorker : null,
  ],
}));
