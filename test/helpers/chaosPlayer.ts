// A player on a lossy link (lossyProxy.ts), as the browser client is one: it joins as the
// page does (the lobby's create tried again while the hub cannot be reached: untilAvailable;
// an invite link's joinById tried again while explainJoinFailure says so), and when its
// socket drops it runs the page's own recovery (client/net/recovery.ts: the reconnection
// token with backoff, then the seat token), re-attaches its handlers to the new Room and
// plays on. Every drop is one entry of `reconnects`: back in its own seat, elsewhere, or lost.
import { Client, type Room } from "colyseus.js";
import { explainJoinFailure } from "../../client/net/joinErrors.js";
import { recoverRoom, SeatLost } from "../../client/net/recovery.js";
import { retryDelayMs, untilAvailable } from "../../client/net/retry.js";

export interface Reconnect {
  /** When the drop was seen (ms since epoch). */
  droppedAt: number;
  /** Back in a seat (ms since epoch); null: not (yet). */
  backAt: number | null;
  how: "reconnection token" | "seat token" | null;
  /** The seat the `seat` message named once back (null: none yet). */
  seat: number | null;
  /** Why the seat was lost (the server's words). */
  lost?: string;
  /** Attempts it took. */
  attempts: number;
}

export class ChaosPlayer {
  readonly client: Client;
  room: Room<any> | null = null;
  roomId = "";
  /** The seat the first join gave (−1 before the `seat` message). */
  seat = -1;
  seatToken = "";
  readonly reconnects: Reconnect[] = [];
  /** Server refusals of its messages (code → count). */
  readonly refused = new Map<string, number>();
  /** Join attempts that failed and were tried again (their words). */
  readonly joinRetries: string[] = [];
  lost: string | null = null;
  private leaving = false;
  private reconnectionToken = "";
  private changes = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    endpoint: string,
  ) {
    this.client = new Client(endpoint);
  }

  /** Connected, in its seat, and its state decoded. */
  get connected(): boolean {
    return this.room !== null && this.seat >= 0 && this.room.state !== undefined;
  }

  /** The decoded state (undefined while away). */
  get state(): any {
    return this.room?.state;
  }

  /** The lobby's create (or quick play): tried again while the hub cannot be reached. */
  async create(join: (c: Client) => Promise<Room<any>>): Promise<void> {
    const room = await untilAvailable(() => join(this.client), (n) => this.joinRetries.push(`try ${n.attempt}`));
    await this.seated(room);
  }

  /** An invite link's joinById: tried again for as long as explainJoinFailure says to. */
  async joinById(roomId: string, options: Record<string, unknown>, giveUpMs = 60_000): Promise<void> {
    const since = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.seated(await this.client.joinById(roomId, { name: this.name, ...options }));
        return;
      } catch (e) {
        const why = explainJoinFailure(roomId, e, { spectate: false, reclaim: false });
        this.joinRetries.push(`${why.title}: ${(e as Error)?.message ?? String(e)}`);
        if (!why.retry || Date.now() - since > giveUpMs) throw new Error(`${this.name} could not join: ${why.title}. ${why.text}`);
        await sleep(retryDelayMs(attempt, Date.now() - since));
      }
    }
  }

  /** Sends a message if connected; false (nothing sent) while away. */
  send(type: string, payload: unknown): boolean {
    if (!this.connected) return false;
    try {
      this.room!.send(type, payload);
      return true;
    } catch {
      return false;
    }
  }

  /** Resolves on the next patch, message or drop (or after `ms`). */
  changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  /** How many patches and messages arrived so far. */
  get seen(): number {
    return this.changes;
  }

  async leave(): Promise<void> {
    this.leaving = true;
    this.notify();
    const room = this.room;
    this.room = null;
    if (room) await Promise.race([room.leave(true).catch(() => undefined), sleep(1500)]);
  }

  /** The first Room: attached, then its `seat` message awaited (the join's socket may still drop meanwhile: then it is a drop). */
  private async seated(room: Room<any>): Promise<void> {
    this.roomId = room.roomId;
    this.attach(room);
    while (this.seat < 0) {
      if (this.lost) throw new Error(`${this.name} lost the seat before it arrived: ${this.lost}`);
      await this.changed(1000);
    }
  }

  private attach(room: Room<any>): void {
    this.room = room;
    this.reconnectionToken = room.reconnectionToken;
    room.onMessage("*", (type, payload) => {
      if (type === "seat") this.onSeat(payload);
      else if (type === "error" && payload?.code) this.refused.set(payload.code, (this.refused.get(payload.code) ?? 0) + 1);
      this.notify();
    });
    room.onStateChange(() => this.notify());
    room.onLeave((code) => {
      if (room !== this.room) return;
      this.room = null;
      this.notify();
      if (!this.leaving) void this.recover(code);
    });
  }

  private onSeat(payload: { seat?: number; seatToken?: string }): void {
    if (typeof payload?.seat !== "number") return;
    if (typeof payload.seatToken === "string" && payload.seatToken) this.seatToken = payload.seatToken;
    if (this.seat < 0) this.seat = payload.seat;
    const open = this.reconnects.at(-1);
    if (open && open.backAt === null && open.how !== null) {
      open.backAt = Date.now();
      open.seat = payload.seat;
    }
  }

  /** The page's recovery (client/net/recovery.ts), with this player's client and seat token. */
  private async recover(code: number): Promise<void> {
    const entry: Reconnect = { droppedAt: Date.now(), backAt: null, how: null, seat: null, attempts: 0 };
    this.reconnects.push(entry);
    let how: Reconnect["how"] = null;
    const back = await recoverRoom<Room<any>>(code, this.reconnectionToken !== "", {
      reconnect: () => ((how = "reconnection token"), this.client.reconnect(this.reconnectionToken)),
      rejoin: () => {
        how = "seat token";
        if (!this.seatToken) return Promise.reject(new SeatLost("No seat token is stored for this room."));
        return this.client.joinById(this.roomId, { seatToken: this.seatToken, name: this.name });
      },
      sleep,
      stopped: () => this.leaving,
      offline: () => false,
      attempting: (attempt) => (entry.attempts = attempt),
    });
    if (!back) return;
    if ("lost" in back) {
      entry.lost = this.lost = back.lost;
      this.notify();
      return;
    }
    if (this.leaving) {
      void back.room.leave(true);
      return;
    }
    entry.how = how;
    this.attach(back.room);
  }

  private notify(): void {
    this.changes++;
    for (const w of [...this.waiters]) w();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
