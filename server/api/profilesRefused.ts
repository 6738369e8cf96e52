// Profiles the hub would not make: each refusal is counted in /metrics
// (`hub_refusals_total{where="profile", code}`) and logged as `profile.refused` (warn), at most
// once a minute per address and code, with how many were left out of the log since the last line
// (`suppressed`): a classroom past a bound is seen by the operator, a flood does not fill the log.

import { log } from "../ops/log.js";
import { metrics } from "../ops/metrics.js";

const LOG_EVERY_MS = 60_000;
/** Addresses remembered at most (idle ones are dropped past it). */
const MAX_ADDRESSES = 10_000;

export type ProfileRefusal = (address: string, code: string, fields: Record<string, unknown>, message: string) => void;

export function profileRefusals(now: () => number): ProfileRefusal {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (address, code, fields, message) => {
    metrics.refused("profile", code);
    const t = now();
    const key = `${code} ${address}`;
    const seen = last.get(key);
    if (seen && t - seen.at < LOG_EVERY_MS) {
      seen.suppressed++;
      return;
    }
    if (last.size >= MAX_ADDRESSES) for (const [k, v] of last) if (t - v.at >= LOG_EVERY_MS) last.delete(k);
    log.warn({ event: "profile.refused", code, address, ...fields, ...(seen?.suppressed ? { suppressed: seen.suppressed } : {}) }, message);
    last.set(key, { at: t, suppressed: 0 });
  };
}
