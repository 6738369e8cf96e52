// A lossy link in userspace: a local TCP proxy in front of the hub that delays every chunk
// (both ways), holds some chunks back much longer, and can be cut. `tc netem` would do this in
// the kernel, but this machine's kernel has no sch_netem, so the chaos test goes through this
// instead (beside proxy.ts' CuttableProxy, which only cuts).
//
// TCP never loses bytes, so a chunk "held back" stalls: it and everything after it on that
// connection, in that direction, arrive late and in order (as after a retransmission on a
// phone link). A cut resets both ends of every connection at once (RST, as a phone leaving
// its network does) and refuses new connections for a while.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface LinkShape {
  /** Added to every chunk, each way (ms). */
  delayMs: number;
  /** Up to this much more, at random (order still kept). */
  jitterMs: number;
  /** The share of chunks held back (0..1). */
  holdRate: number;
  /** How much longer a held chunk takes: [least, most] ms. */
  holdMs: [number, number];
}

/** About a phone on a poor link: 100 ms each way, one chunk in twenty held back up to 1.5 s. */
export const LOSSY_LINK: LinkShape = { delayMs: 100, jitterMs: 20, holdRate: 0.05, holdMs: [250, 1500] };

export interface LinkStats {
  connections: number;
  chunks: number;
  held: number;
  cuts: number;
}

/** One direction of one connection: chunks out in order, each at its due time. */
class Lane {
  private queue: { due: number; data: Buffer | null }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last = 0;

  constructor(
    private readonly to: Socket,
    private readonly shape: LinkShape,
    private readonly random: () => number,
    private readonly stats: LinkStats,
  ) {}

  /** A chunk (null: the sender's FIN) to pass on after the link's delay. */
  push(data: Buffer | null): void {
    const s = this.shape;
    let due = Date.now() + s.delayMs + this.random() * s.jitterMs;
    if (data) {
      this.stats.chunks++;
      if (this.random() < s.holdRate) {
        this.stats.held++;
        due += s.holdMs[0] + this.random() * (s.holdMs[1] - s.holdMs[0]);
      }
    }
    this.last = due = Math.max(due, this.last);
    this.queue.push({ due, data });
    this.arm();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }

  private arm(): void {
    if (this.timer || this.queue.length === 0) return;
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.queue[0].due - Date.now()));
  }

  private flush(): void {
    this.timer = null;
    const now = Date.now();
    while (this.queue.length && this.queue[0].due <= now) {
      const { data } = this.queue.shift()!;
      if (this.to.destroyed) continue;
      if (data) this.to.write(data);
      else this.to.end();
    }
    this.arm();
  }
}

export class LossyProxy {
  private server: Server | null = null;
  private readonly links = new Set<{ sockets: Socket[]; lanes: Lane[] }>();
  private downUntil = 0;
  readonly stats: LinkStats = { connections: 0, chunks: 0, held: 0, cuts: 0 };
  port = 0;

  constructor(
    private readonly target: number,
    private readonly shape: LinkShape = LOSSY_LINK,
    /** The test's seeded random (never Math.random: a failing run can be replayed). */
    private readonly random: () => number,
  ) {}

  async start(): Promise<this> {
    this.server = createServer({ allowHalfOpen: true }, (inbound) => this.pipe(inbound));
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(0, "127.0.0.1", () => resolve());
    });
    const addr = this.server.address();
    this.port = typeof addr === "object" && addr ? addr.port : 0;
    return this;
  }

  /** Connections open through the link now. */
  get open(): number {
    return this.links.size;
  }

  /** The hub's WebSocket endpoint through this link. */
  get endpoint(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  /** The network goes away: every connection reset at both ends, new ones refused for `downMs`. */
  cut(downMs = 0): void {
    this.stats.cuts++;
    this.downUntil = Date.now() + downMs;
    for (const link of [...this.links]) this.reset(link);
  }

  async stop(): Promise<void> {
    for (const link of [...this.links]) this.reset(link);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private reset(link: { sockets: Socket[]; lanes: Lane[] }): void {
    this.links.delete(link);
    for (const lane of link.lanes) lane.stop();
    for (const s of link.sockets) if (!s.destroyed) s.resetAndDestroy();
  }

  private pipe(inbound: Socket): void {
    if (Date.now() < this.downUntil) {
      inbound.resetAndDestroy();
      return;
    }
    this.stats.connections++;
    const outbound = connect({ port: this.target, host: "127.0.0.1", allowHalfOpen: true });
    const up = new Lane(outbound, this.shape, this.random, this.stats);
    const down = new Lane(inbound, this.shape, this.random, this.stats);
    const link = { sockets: [inbound, outbound], lanes: [up, down] };
    this.links.add(link);
    for (const [from, lane] of [[inbound, up], [outbound, down]] as const) {
      from.setNoDelay(true);
      from.on("data", (chunk: Buffer) => lane.push(chunk));
      from.on("end", () => lane.push(null));
      // A reset (or any error) on one side resets the other at once: nothing is passed on after it.
      from.on("error", () => this.reset(link));
      from.on("close", () => {
        if (inbound.destroyed && outbound.destroyed) this.links.delete(link);
      });
    }
  }
}
