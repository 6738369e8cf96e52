// Vite build plugin: makes the built client an installable, offline-capable web app.
//   · copies client/pwa/manifest.webmanifest and client/pwa/icons/ into the build,
//   · links the manifest and the touch icon from index.html,
//   · after the bundle is written, compiles client/pwa/sw.ts to /sw.js with the list of files
//     to precache (every file of the build but source maps and sw.js) and a version that is
//     a hash of their contents, so each deploy gets a fresh cache and old ones are dropped.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { transformWithOxc, type Plugin } from "vite";

const PWA = fileURLToPath(new URL("../client/pwa/", import.meta.url));

/** Build files the service worker stores, relative to the build folder, sorted. */
export function precacheList(outDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(outDir, full).split(sep).join("/"));
    }
  };
  walk(outDir);
  return out.filter((f) => !f.endsWith(".map") && f !== "sw.js").sort();
}

/** A short hash of the files' names and contents: the cache's name changes with any of them. */
export function buildVersion(outDir: string, files: string[]): string {
  const hash = createHash("sha256");
  for (const f of files) hash.update(f).update("\0").update(readFileSync(join(outDir, f))).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** The service worker's script for one build. */
export async function serviceWorkerSource(files: string[], version: string): Promise<string> {
  const src = readFileSync(join(PWA, "sw.ts"), "utf8");
  const js = (await transformWithOxc(src, "sw.ts", { lang: "ts" })).code;
  return `// Game Hub service worker, build ${version} (source: client/pwa/sw.ts)\n"use strict";\nconst VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(files)};\n${js}`;
}

export function pwa(): Plugin {
  let outDir = "";
  return {
    name: "hub-pwa",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml() {
      return [
        { tag: "link", attrs: { rel: "manifest", href: "./manifest.webmanifest" }, injectTo: "head" },
        { tag: "link", attrs: { rel: "apple-touch-icon", href: "./icons/apple-touch-icon.png" }, injectTo: "head" },
      ];
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: readFileSync(join(PWA, "manifest.webmanifest")) });
      for (const name of readdirSync(join(PWA, "icons"))) {
        this.emitFile({ type: "asset", fileName: `icons/${name}`, source: readFileSync(join(PWA, "icons", name)) });
      }
    },
    async closeBundle() {
      const files = precacheList(outDir);
      writeFileSync(join(outDir, "sw.js"), await serviceWorkerSource(files, buildVersion(outDir, files)));
    },
  };
}
