// Installs the service worker (client/pwa/sw.ts, served at /sw.js) in production builds,
// so the hub is an installable app and offline solo survives a reload with no network.
// The dev server has no /sw.js and hot reload must never meet a cache.

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // updateViaCache "none": the browser asks the server for sw.js on every check, so a deploy is seen.
  navigator.serviceWorker.register("./sw.js", { scope: "./", updateViaCache: "none" }).catch((e: unknown) => {
    // Not fatal: the hub works online without it (private windows, a blocked worker-src).
    console.warn("The offline copy of the hub could not be installed:", e);
  });
}
