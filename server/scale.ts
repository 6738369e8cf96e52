// The one place that picks presence + matchmaking driver.
// Local (in-process) by default; Redis (REDIS_URL, several processes) comes later:
// add it here and nowhere else.

import { LocalDriver, LocalPresence, type Presence } from "@colyseus/core";

export interface ScaleOut {
  presence: Presence;
  driver: LocalDriver;
  /** Human-readable, for the startup log. */
  kind: "local";
}

export function chooseScaleOut(env: NodeJS.ProcessEnv = process.env): ScaleOut {
  if (env.REDIS_URL) {
    // Not wired yet: say so loudly instead of silently running single-process.
    console.warn("REDIS_URL is set but Redis presence/driver are not wired yet; using local presence.");
  }
  return { presence: new LocalPresence(), driver: new LocalDriver(), kind: "local" };
}
