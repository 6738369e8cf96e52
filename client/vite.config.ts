// Vite config for the browser client. Root is client/, output goes to the
// repository's dist/client (served by the game server as static files).
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { pwa } from "../scripts/pwa.ts";

const here = fileURLToPath(new URL(".", import.meta.url));
const target = process.env.HUB_SERVER ?? "http://localhost:2567";

/**
 * The dev page (Vite's origin) talks to the game server through this proxy, as a page behind
 * nginx would: its requests reach the server as the server's own origin, so the server's
 * CORS check (server/net/cors.ts, ALLOWED_ORIGINS) needs no dev entry.
 */
const sameOrigin = {
  target,
  changeOrigin: true,
  configure(proxy: { on(event: string, fn: (req: { getHeader(n: string): unknown; setHeader(n: string, v: string): void }) => void): void }) {
    const origin = new URL(target).origin;
    const rewrite = (req: { getHeader(n: string): unknown; setHeader(n: string, v: string): void }) => {
      if (req.getHeader("origin")) req.setHeader("origin", origin);
    };
    proxy.on("proxyReq", rewrite);
    proxy.on("proxyReqWs", rewrite);
  },
};

export default defineConfig({
  root: here,
  base: "./",
  publicDir: false,
  plugins: [pwa()],
  resolve: {
    // colyseus.js and the server must decode with one copy of the schema lib.
    dedupe: ["@colyseus/schema"],
  },
  build: {
    outDir: fileURLToPath(new URL("../dist/client", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    // Rolldown's "[PLUGIN_TIMINGS] JavaScript callbacks ran for 2.2s…" note, printed in yellow
    // when a build is slow (a busy 2-core machine), reads as a fault in `npm start`'s output.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: false,
    proxy: {
      "/api": sameOrigin,
      "/matchmake": sameOrigin,
      "/colyseus": sameOrigin,
      "/__healthcheck": sameOrigin,
      // Room sockets live at /<processId>/<roomId>?sessionId=... (colyseus 0.16).
      "^/[^/?]+/[^/?]+\\?.*sessionId=": { ...sameOrigin, ws: true },
    },
  },
  preview: { port: 4173 },
});
