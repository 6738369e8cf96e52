// The service worker, served at /sw.js (root scope). client/pwa/build.ts compiles this file
// after the client build and puts `VERSION` (a hash of every precached file) and `PRECACHE`
// (index.html and every file of that build but source maps) in front of it.
//
// One cache per build, filled whole at install, so an offline reload gets one build's page
// and the very chunks that page names, never a mix of two deploys. Navigations go to the
// network first: online, the server's current index.html is always the one served (a deploy
// is picked up at once, and its new sw.js replaces this one and its cache); this build's copy
// is served only when the network fails. Hashed files never change: cache first.
// Card pictures (other origins, allowed by the page's CSP only when the server turns them on)
// are kept in a cache of their own once seen: cache first, at most IMAGES_MAX of them.
// Everything else (/api, /matchmake, room sockets) is not touched.

declare const VERSION: string;
declare const PRECACHE: string[];

// The few ServiceWorkerGlobalScope members used here (the client's tsconfig has the DOM lib only).
interface WaitEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends WaitEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", fn: (e: WaitEvent) => void): void;
  addEventListener(type: "fetch", fn: (e: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE_PREFIX = "hub-";
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const scope = worker.registration.scope;
const INDEX = new URL("index.html", scope).href;
const PRECACHED = new Set(PRECACHE.map((p) => new URL(p, scope).href));
/** Server routes: a navigation there (the monitor, an API link) never falls back to the game page. */
const SERVER_PATHS = /^\/(api|colyseus|matchmake|__healthcheck)(\/|$)/;
/** Not "hub-": a new build's activation keeps it. */
const IMAGES = "card-images-v1";
const IMAGES_MAX = 2000;

worker.addEventListener("install", (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      // cache: "reload" so the copies come from the server, not from a stale HTTP cache
      .then((cache) => cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: "reload" }))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (e) => {
  const request = e.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) {
    if (request.destination === "image" && /^https?:$/.test(url.protocol)) e.respondWith(cardPicture(request));
    return;
  }
  if (request.mode === "navigate") {
    if (!SERVER_PATHS.test(url.pathname)) e.respondWith(page(request));
    return;
  }
  url.search = "";
  url.hash = "";
  if (PRECACHED.has(url.href)) e.respondWith(file(request, url.href));
});

/** Network first; this build's index.html when the network fails or the hub is down behind a proxy. */
async function page(request: Request): Promise<Response> {
  try {
    const answer = await fetch(request);
    if (answer.status < 502 || answer.status > 504) return answer;
    return (await cached(INDEX)) ?? answer;
  } catch (e) {
    const copy = await cached(INDEX);
    if (copy) return copy;
    throw e;
  }
}

/** A file of this build: from the cache (immutable), the network if the cache lost it. */
async function file(request: Request, key: string): Promise<Response> {
  return (await cached(key)) ?? fetch(request);
}

/** A card picture: the copy already seen, else the network's (kept when it is a picture). */
async function cardPicture(request: Request): Promise<Response> {
  const cache = await caches.open(IMAGES);
  const hit = await cache.match(request);
  if (hit) return hit;
  const answer = await fetch(request);
  if (answer.ok && (answer.headers.get("content-type") ?? "").startsWith("image/")) {
    await cache.put(request, answer.clone());
    const keys = await cache.keys();
    for (const k of keys.slice(0, Math.max(0, keys.length - IMAGES_MAX))) await cache.delete(k);
  }
  return answer;
}

async function cached(key: string): Promise<Response | undefined> {
  const cache = await caches.open(CACHE);
  return cache.match(key);
}
