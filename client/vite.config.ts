// Vite config for the browser client. Root is client/, output goes to the
// repository's dist/client (served by the game server as static files).
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { pwa } from "../scripts/pwa";

const here = fileURLToPath(new URL(".", import.meta.url));
const target = process.env.HUB_SERVER ?? "http://localhost:2567";

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
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: false,
    proxy: {
      "/api": { target, changeOrigin: true },
      "/matchmake": { target, changeOrigin: true },
      "/colyseus": { target, changeOrigin: true },
      "/__healthcheck": { target, changeOrigin: true },
      // Room sockets live at /<processId>/<roomId>?sessionId=... (colyseus 0.16).
      "^/[^/?]+/[^/?]+\\?.*sessionId=": { target, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
});
