// Who may create a room or reserve a seat, and how much the process holds.
//
// Per address: a rate of room creation and a cap on the live rooms it created; a rate of
// reservations (seats and spectators) and a cap on those not yet used by a socket; a
// budget of reservations left to expire unused (a squatter renewing one every 10 s to keep
// a seat "full" runs out of it); a budget of wrong seat/reconnection tokens. Per process:
// live rooms and board cells (a 100×100 race room holds 8 boards), answered "the hub is
// busy" when full. One Admission per hub (tests boot many hubs in one process).

import { ErrorCode } from "@colyseus/core";
import { HubRefusal } from "../rooms/base/errors.js";
import { TokenBucket, type BucketLimits } from "../rooms/base/rateLimit.js";

/** Limits on what one address may ask of the matchmaker, and what the whole process holds. */
export interface AdmissionLimits {
  /** Rooms one address may create (burst, then per second). */
  createRate: BucketLimits;
  /** Live rooms created by one address at once. */
  roomsPerAddress: number;
  /** Seat and spectator reservations one address may make (burst, then per second). */
  reserveRate: BucketLimits;
  /** Reservations of one address not yet used by a socket, at once. */
  pendingPerAddress: number;
  /** Reservations an address may leave unused (expired) before it is refused for a while. */
  unusedRate: BucketLimits;
  /** Wrong seat tokens (and reconnection tokens) one address may present. */
  tokenGuessRate: BucketLimits;
  /** Live rooms in this process. */
  maxRooms: number;
  /** Board cells (and race boards × cells) held by this process's live rooms. */
  maxCells: number;
  /** Profiles one address may make per day (counted in the shared store). */
  profilesPerDay: number;
  /** Profiles one address may make at once (burst, then per second), before the daily bound. */
  profileRate: BucketLimits;
  /** Sockets one address may hold that were never answered nor joined a room (server/net/sockets.ts). */
  halfOpenPerAddress: number;
}

export const BUSY_MESSAGE = "The hub is busy right now (too many games are running); try again in a minute.";

interface AddressRecord {
  create: TokenBucket;
  reserve: TokenBucket;
  unused: TokenBucket;
  guesses: TokenBucket;
  /** Live rooms this address created. */
  rooms: number;
  /** Reservations not yet used by a socket. */
  pending: number;
}

interface Pending {
  address: string;
  timer: ReturnType<typeof setTimeout>;
}

const refusal = (reason: string, message: string) => new HubRefusal(reason, message, ErrorCode.MATCHMAKE_UNHANDLED);

/** Idle address records are forgotten every this many new addresses (keeps the map small)… */
const SWEEP_EVERY = 1000;
/** …and every 15 s: a crowd that came and went leaves no records behind (bench/soak.ts). */
const SWEEP_MS = 15_000;

export class Admission {
  private readonly addresses = new Map<string, AddressRecord>();
  private readonly rooms = new Map<object, { address: string | null; cells: number }>();
  private readonly pending = new Map<string, Pending>();
  private cells = 0;
  private newAddresses = 0;
  private readonly sweeper = setInterval(() => this.sweep(), SWEEP_MS);

  constructor(private readonly limits: AdmissionLimits) {
    this.sweeper.unref();
  }

  /** Live rooms and cells held, for tests and logs. */
  get usage(): { rooms: number; cells: number } {
    return { rooms: this.rooms.size, cells: this.cells };
  }

  /** A seat-taking or spectating request from `address`: throws a HubRefusal if it must wait. */
  checkReserve(address: string): void {
    const a = this.record(address);
    if (!a.unused.has()) {
      throw refusal("too-many-unused", "Too many of your recent joins were never completed; wait a minute, then join again.");
    }
    if (a.pending >= this.limits.pendingPerAddress) {
      throw refusal("too-many-pending", "You have too many joins in progress; finish or close them, then try again.");
    }
    if (!a.reserve.take()) throw refusal("too-many-joins", "Too many joins from your address; wait a minute, then try again.");
  }

  /** A reservation was made for `address`; it counts as pending until a socket uses it or it expires. */
  reserved(address: string, sessionId: string, expiresInSeconds: number): void {
    const a = this.record(address);
    a.pending++;
    const timer = setTimeout(() => {
      if (this.pending.get(sessionId)?.timer !== timer) return;
      this.pending.delete(sessionId);
      a.pending = Math.max(0, a.pending - 1);
      a.unused.take(); // expired unused: a strike
    }, expiresInSeconds * 1000 + 500);
    timer.unref?.();
    this.pending.set(sessionId, { address, timer });
  }

  /** A socket used the reservation `sessionId` (joined its room). */
  consumed(sessionId: string): void {
    const p = this.pending.get(sessionId);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(sessionId);
    const a = this.addresses.get(p.address);
    if (a) a.pending = Math.max(0, a.pending - 1);
  }

  /** May `address` present a token now? False once it has guessed wrong too often. */
  mayGuess(address: string): boolean {
    return this.record(address).guesses.has();
  }

  /** `address` presented a token that matched nothing. */
  wrongToken(address: string): void {
    this.record(address).guesses.take();
  }

  /**
   * A room is being created (by `address`, null when unknown): throws "busy" when the process
   * is full and a per-address refusal when that address created too many. Call `roomGone` on dispose.
   */
  admitRoom(room: object, address: string | null, cells: number): void {
    if (this.rooms.size >= this.limits.maxRooms || this.cells + cells > this.limits.maxCells) throw refusal("busy", BUSY_MESSAGE);
    if (address !== null) {
      const a = this.record(address);
      if (a.rooms >= this.limits.roomsPerAddress) {
        throw refusal("too-many-rooms", `You already have ${a.rooms} open rooms; leave one, then create another.`);
      }
      if (!a.create.take()) throw refusal("too-many-rooms", "You are creating rooms too fast; wait a minute, then try again.");
      a.rooms++;
    }
    this.rooms.set(room, { address, cells });
    this.cells += cells;
  }

  roomGone(room: object): void {
    const entry = this.rooms.get(room);
    if (!entry) return;
    this.rooms.delete(room);
    this.cells -= entry.cells;
    if (entry.address !== null) {
      const a = this.addresses.get(entry.address);
      if (a) a.rooms = Math.max(0, a.rooms - 1);
    }
  }

  /** Forgets everything (hub shutdown). */
  close(): void {
    clearInterval(this.sweeper);
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    this.addresses.clear();
  }

  private record(address: string): AddressRecord {
    let a = this.addresses.get(address);
    if (!a) {
      if (++this.newAddresses % SWEEP_EVERY === 0) this.sweep();
      const l = this.limits;
      a = {
        create: new TokenBucket(l.createRate),
        reserve: new TokenBucket(l.reserveRate),
        unused: new TokenBucket(l.unusedRate),
        guesses: new TokenBucket(l.tokenGuessRate),
        rooms: 0,
        pending: 0,
      };
      this.addresses.set(address, a);
    }
    return a;
  }

  /** Drops records with nothing to remember: no rooms, nothing pending, every bucket full again. */
  private sweep(): void {
    for (const [address, a] of this.addresses) {
      if (a.rooms === 0 && a.pending === 0 && a.create.full && a.reserve.full && a.unused.full && a.guesses.full) {
        this.addresses.delete(address);
      }
    }
  }
}
