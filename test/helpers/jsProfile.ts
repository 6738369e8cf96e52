// Measuring aid (docs/testing.md, "The headless shell"): with JS_PROFILE=<dir>, every page opened
// by openPage records a sampled CPU profile of its main thread (CDP Profiler) and writes it to
// <dir> as a .cpuprofile when its context closes (open one in Chromium's DevTools, or sum the
// self time per function over a run with `node scripts/profileTop.mjs <dir>`). Off by default.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";

let profiles = 0;

/** Starts `page`'s profile when JS_PROFILE is set; a no-op otherwise. */
export async function profilePage(context: BrowserContext, page: Page): Promise<void> {
  const dir = process.env.JS_PROFILE;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  await cdp.send("Profiler.start");
  // Read just before the context closes (a closed page can no longer be asked).
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext["close"]>) => {
    const got = await cdp.send("Profiler.stop").catch(() => null);
    if (got) writeFileSync(join(dir, `${process.pid}-${++profiles}.cpuprofile`), JSON.stringify(got.profile));
    return close(...args);
  };
}
