// A player on a lossy link (lossyProxy.ts), as the browser client is one: it joins as the
// page does (the lobby's create tried again while the hub cannot be reached: untilAvailable;
// an invite link's joinById tried again while explainJoinFailure says so), and when its
// socket drops it runs the page's own recovery (client/net/recovery.ts: the reconnection
// token with backoff, then the seat token), re-attaches its handlers to the new Room and
// plays on. Every drop is one entry of `reconnects`: back in its own seat, elsewhere, or lost.
import { Client, type Room } from "colyseus.js";
import { explainJoinFailure } from "../../client/net/joinErrors.js";
import { recoverRoom, SeatLost } from "../../client/net/recovery.js";
import { hubUnavailable, retryDelayMs, untilAvailable } from "../../client/net/retry.js";

export interface Reconnect {
  /** When the drop was seen (ms since epoch). */
  droppedAt: number;
  /** Back in a seat (ms since epoch); null: not (yet). */
  backAt: number | null;
  /** "join again": the first join's seat token never arrived, the seat was joined again as a newcomer. */
  how: "reconnection token" | "seat token" | "join again" | null;
  /** The seat the `seat` message named once back (null: none yet). */
  seat: number | null;
  /** Why the seat was lost (the server's words). */
  lost?: string;
  /** Attempts it took. */
  attempts: number;
  /** What happened, in order (for a failure's message). */
  trace: string[];
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
  /** Sees every message of every Room this player attaches (a test's own counting). */
  onAnyMessage: ((type: string, payload: any) => void) | null = null;
  private leaving = false;
  private reconnectionToken = "";
  /** The current Room sent its `seat` message (it is bound to the seat, its state decoded). */
  private inSeat = false;
  private changes = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly name: string,
    endpoint: string,
  ) {
    this.client = new Client(endpoint);
  }

  /** Connected and in its seat (the current Room sent its `seat` message). */
  get connected(): boolean {
    return this.room !== null && this.inSeat;
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
    let networkFailedAt: number | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.seated(await this.client.joinById(roomId, { name: this.name, ...options }));
        return;
      } catch (e) {
        const why = explainJoinFailure(roomId, e, { spectate: false, reclaim: false, networkFailedAt });
        if (why.retry && hubUnavailable(e)) networkFailedAt = Date.now();
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
    this.inSeat = false;
    this.reconnectionToken = room.reconnectionToken;
    room.onMessage("*", (type, payload) => {
      if (type === "seat") this.onSeat(payload);
      else if (type === "error" && payload?.code) this.refused.set(payload.code, (this.refused.get(payload.code) ?? 0) + 1);
      this.onAnyMessage?.(String(type), payload);
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
    this.inSeat = true;
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
    // Cut again before it was back in its seat: the same way back goes on.
    const open = this.reconnects.at(-1);
    const entry: Reconnect =
      open && open.backAt === null && !open.lost ? open : { droppedAt: Date.now(), backAt: null, how: null, seat: null, attempts: 0, trace: [] };
    if (entry !== open) this.reconnects.push(entry);
    const t0 = entry.droppedAt;
    entry.trace.push(`+${Date.now() - t0}ms closed ${code}`);
    const note = (what: string) => entry.trace.push(`+${Date.now() - t0}ms ${what}`);
    let how: Reconnect["how"] = null;
    const traced = <T>(p: Promise<T>): Promise<T> =>
      p.then(
        (v) => (note("joined"), v),
        (e) => {
          note(`failed: ${(e as Error)?.constructor?.name} ${(e as { code?: unknown })?.code} ${(e as Error)?.message}`);
          throw e;
        },
      );
    const back = await recoverRoom<Room<any>>(code, this.reconnectionToken !== "", {
      reconnect: () => {
        how = "reconnection token";
        note("reconnect");
        return traced(this.client.reconnect(this.reconnectionToken));
      },
      rejoin: () => {
        how = this.seatToken ? "seat token" : "join again";
        note(how);
        if (this.seatToken) return traced(this.client.joinById(this.roomId, { seatToken: this.seatToken, name: this.name }));
        // As the page does (session.ts rejoin): a seat whose token never arrived is joined again.
        if (this.seat < 0) return traced(this.client.joinById(this.roomId, { name: this.name }));
        return Promise.reject(new SeatLost("No seat token is stored for this room."));
      },
      sleep,
      stopped: () => this.leaving,
      offline: () => false,
      attempting: (n) => {
        entry.attempts++;
        note(`attempt ${n}`);
      },
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
    back.room.onMessage("*", (type: string | number) => type !== "event" && entry.trace.length < 30 && note(`message ${String(type)}`));
    back.room.onLeave((c: number) => note(`left ${c}`));
  }

  private notify(): void {
    this.changes++;
    for (const w of [...this.waiters]) w();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
