// The service worker's strategy (client/pwa/sw.ts, compiled as the build does), run in a vm
// with a fake network and Cache Storage: a deploy's new index.html is served whenever the
// network answers; the stored build only when it does not; hashed files from the cache;
// the API never touched; an activated build drops the older builds' caches.
import { expect } from "chai";
import vm from "node:vm";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import { serviceWorkerSource } from "../../scripts/pwa.js";
import { contentSecurityPolicy, mountClient } from "../../server/http.js";

const ORIGIN = "https://hub.test";
const FILES = ["assets/index-AAA.js", "assets/offline-BBB.js", "index.html", "manifest.webmanifest"];

type Handler = (e: unknown) => void;

async function worker(version: string, network: (url: string) => Response | Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const handlers: Record<string, Handler> = {};
  const doFetch = async (input: Request | string) => network(typeof input === "string" ? input : input.url);
  const openCache = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      async addAll(requests: Request[]) {
        for (const r of requests) store.set(r.url, await doFetch(r));
      },
      async match(key: string) {
        return store.get(key)?.clone();
      },
      async keys() {
        return [...store.keys()].map((u) => new Request(u));
      },
    };
  };
  const self = {
    location: new URL(ORIGIN + "/"),
    registration: { scope: ORIGIN + "/" },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, fn: Handler) => (handlers[type] = fn),
  };
  const caches = { open: openCache, keys: async () => [...stores.keys()], delete: async (n: string) => stores.delete(n) };
  vm.runInNewContext(await serviceWorkerSource(FILES, version), { self, caches, fetch: doFetch, URL, Request, Response, Promise });

  const wait = async (type: string, extra: object = {}) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers[type]({ waitUntil: (p: Promise<unknown>) => (work = p), ...extra });
    await work;
  };
  /** What the page gets for a GET: the worker's answer, or null when it lets the browser fetch. */
  const get = async (path: string, mode: "navigate" | "cors" = "cors"): Promise<string | null> => {
    let answer: Promise<Response> | null = null;
    const request = { url: ORIGIN + path, method: "GET", mode };
    handlers.fetch({ request, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer ? (await (answer as Promise<Response>)).text() : null;
  };
  return { stores, install: () => wait("install"), activate: () => wait("activate"), get };
}

describe("service worker: cache-versioned offline copy", () => {
  let deployed = "v1";
  let online = true;
  let status = 200;
  const network = (url: string) => {
    if (!online) throw new TypeError("Failed to fetch");
    return new Response(`${deployed} ${new URL(url).pathname}`, { status });
  };

  beforeEach(() => {
    deployed = "v1";
    online = true;
    status = 200;
  });

  it("stores the whole build at install, in a cache named after its version", async () => {
    const sw = await worker("1111", network);
    await sw.install();
    expect([...sw.stores.keys()]).to.deep.equal(["hub-1111"]);
    expect([...sw.stores.get("hub-1111")!.keys()]).to.deep.equal(FILES.map((f) => `${ORIGIN}/${f}`));
  });

  it("online, a navigation always gets the server's current index.html (a deploy is never hidden)", async () => {
    const sw = await worker("1111", network);
    await sw.install();
    deployed = "v2";
    expect(await sw.get("/", "navigate")).to.equal("v2 /");
    expect(await sw.get("/index.html", "navigate")).to.equal("v2 /index.html");
  });

  it("offline, or with the hub down behind a proxy, a navigation gets the stored build's index.html", async () => {
    const sw = await worker("1111", network);
    await sw.install();
    online = false;
    expect(await sw.get("/", "navigate")).to.equal("v1 /index.html");
    online = true;
    status = 502;
    expect(await sw.get("/", "navigate")).to.equal("v1 /index.html");
    status = 404; // an answer from the hub itself is passed on
    expect(await sw.get("/", "navigate")).to.equal("v1 /");
  });

  it("hashed files come from the cache; API calls and server pages are left to the network", async () => {
    const sw = await worker("1111", network);
    await sw.install();
    deployed = "v2";
    expect(await sw.get("/assets/offline-BBB.js")).to.equal("v1 /assets/offline-BBB.js");
    expect(await sw.get("/assets/offline-BBB.js?import")).to.equal("v1 /assets/offline-BBB.js");
    expect(await sw.get("/api/rooms")).to.equal(null);
    expect(await sw.get("/assets/unknown-CCC.js")).to.equal(null);
    expect(await sw.get("/colyseus", "navigate")).to.equal(null);
  });

  it("a new build's worker drops the older builds' caches and keeps everyone else's", async () => {
    const old = await worker("1111", network);
    await old.install();
    const next = await worker("2222", network);
    for (const [name, store] of old.stores) next.stores.set(name, store);
    next.stores.set("someone-else", new Map());
    await next.install();
    await next.activate();
    expect([...next.stores.keys()].sort()).to.deep.equal(["hub-2222", "someone-else"]);
  });
});

describe("serving the installable client", () => {
  it("sw.js, the manifest and its icons are revalidated on every load; hashed files are cached for good", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hub-client-"));
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, "icons"));
    for (const f of ["index.html", "sw.js", "manifest.webmanifest", "icons/icon-192.png", "assets/index-AAA.js"]) writeFileSync(join(dir, f), "x");
    const app = express();
    mountClient(app, dir);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const cache = async (path: string) => (await fetch(base + path)).headers.get("cache-control");
      for (const path of ["/", "/sw.js", "/manifest.webmanifest", "/icons/icon-192.png"]) expect(await cache(path), path).to.equal("no-cache");
      expect(await cache("/assets/index-AAA.js")).to.equal("public, max-age=31536000, immutable");
      expect((await fetch(base + "/manifest.webmanifest")).headers.get("content-type")).to.match(/^application\/manifest\+json/);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the Content-Security-Policy lets the page register its own worker and read its manifest", () => {
    const csp = contentSecurityPolicy();
    expect(csp).to.match(/worker-src 'self'/);
    expect(csp).to.match(/default-src 'self'/); // manifest-src falls back to it
  });
});
