// Refusals an address can provoke at will (a matchmaking request, a socket) are logged at most
// once per address per interval: a flood of 92,905 refused requests in 35 s was as many lines
// (23 MB), which buries everything else and costs the disk and the log stack. Every refusal is
// still counted in /metrics by its code (hub_refusals_total); the log keeps the first of each
// interval, and the next line of that address says how many it held back since (`suppressed`,
// with their `codes`). When an address stops, a summary line (same event, no `code`) says how
// many were held back in its last interval, so nothing goes unaccounted.

import { log } from "./log.js";
import { metrics } from "./metrics.js";

interface AddressRecord {
  /** When this address's last line was written. */
  last: number;
  suppressed: number;
  codes: Record<string, number>;
}

/** Addresses kept at most; past it the oldest are summarised and forgotten (a flood from many addresses). */
const MAX_ADDRESSES = 10_000;

export class RefusalLog {
  private readonly addresses = new Map<string, AddressRecord>();
  private sweeper: ReturnType<typeof setInterval> | null = null;

  constructor(
    /** The log event of every line (`join.refused`, `socket.refused`). */
    readonly event: "join.refused" | "socket.refused",
    readonly intervalMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Logs (at info) `fields` + `msg` for this refusal of `address`, unless the address had a line this interval. */
  note(address: string, code: string, fields: Record<string, unknown>, msg: string): void {
    const now = this.clock();
    const seen = this.addresses.get(address);
    if (seen && now - seen.last < this.intervalMs) {
      seen.suppressed++;
      seen.codes[code] = (seen.codes[code] ?? 0) + 1;
      metrics.logSuppressed(this.event);
      return;
    }
    const held = seen && seen.suppressed > 0 ? { suppressed: seen.suppressed, codes: seen.codes } : {};
    log.info({ event: this.event, ...fields, code, address, ...held }, msg);
    if (seen) this.addresses.delete(address); // re-inserted last: the map stays in order of last line
    this.addresses.set(address, { last: now, suppressed: 0, codes: {} });
    if (this.addresses.size > MAX_ADDRESSES) this.summarise(this.addresses.keys().next().value!, null);
    this.startSweeping();
  }

  /**
   * Every address whose last line is an interval old: what it held back since is written as
   * one summary line (which counts as its line for the next interval); one that held nothing
   * back is forgotten.
   */
  sweep(): void {
    const now = this.clock();
    for (const [address, r] of this.addresses) {
      if (now - r.last < this.intervalMs) break; // in order of last line: the rest are newer
      this.summarise(address, now);
    }
    if (this.addresses.size === 0) this.stopSweeping();
  }

  /** Addresses remembered now (tests). */
  size(): number {
    return this.addresses.size;
  }

  close(): void {
    this.stopSweeping();
  }

  /** The summary line of `address` (if it held anything back); kept as its line at `now`, else forgotten. */
  private summarise(address: string, now: number | null): void {
    const r = this.addresses.get(address);
    this.addresses.delete(address);
    if (!r || r.suppressed === 0) return;
    if (now !== null) this.addresses.set(address, { last: now, suppressed: 0, codes: {} });
    const seconds = Math.round(this.intervalMs / 100) / 10;
    log.info(
      { event: this.event, address, suppressed: r.suppressed, codes: r.codes },
      `${r.suppressed} more ${this.event === "join.refused" ? "matchmaking requests" : "sockets"} from ${address} refused in ${seconds} s (refusals are logged once per address per ${seconds} s; hub_refusals_total counts each)`,
    );
  }

  private startSweeping(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, this.intervalMs / 2));
    this.sweeper.unref();
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }
}
