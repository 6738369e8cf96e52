// One live room connection that survives drops.
//
// colyseus.js 0.16 has no automatic reconnection, so this class does it: a drop (socket
// closed without our consent) runs recovery.ts (the reconnection token with backoff, then
// the seat token, waiting for a restarting server's room). Every success yields a NEW Room
// object; everything that listens to the room (schema callbacks, messages) re-binds through
// onRoom(), and the new reconnectionToken is stored each time (it changes on every reconnect).
import type { Room } from "colyseus.js";
import { hubClient } from "./client";
import { ServerClock } from "./clock";
import { forgetSeat, loadSeat, playerName, saveSeat } from "./storage";
import { errorText } from "./joinErrors";
import { profileForSeat } from "./profile";
import { recoverRoom, SeatLost } from "./recovery";

export { isRefusal, ROOM_RETURN_MS, roomNotThereYet } from "./recovery";

export type ConnStatus =
  | { kind: "connecting" }
  | { kind: "connected" }
  | { kind: "reconnecting"; attempt: number }
  | { kind: "offline"; attempt: number }
  | { kind: "seat-lost"; reason: string }
  | { kind: "left" };

export interface JoinRequest {
  game: string;
  how: "joinOrCreate" | "create" | "joinById";
  /** Room id or private code (joinById). */
  roomId?: string;
  /** Options sent to the server (name is added). */
  options?: Record<string, unknown>;
}

export interface WelcomeMessage {
  serverTime: number;
  roomId: string;
  private: boolean;
  spectator: boolean;
  /** Spectators of a room with a spectator delay: how late they see the table (seconds). */
  delaySeconds?: number;
  /** A delayed view that has shown nothing yet: when its first frame shows (server time, ms; 0: shown). */
  showsAt?: number;
  /** A daily challenge's room: its UTC day (nobody else may sit or watch: no invite). */
  daily?: string;
}

/** A delayed spectator's room is the live room's mirror (server/rooms/game/spectatorDelay.ts). */
const MIRROR_SUFFIX = "_delayed";
/** The live room (or game) a room id (or room name) stands for: a mirror's name without its suffix. */
export function liveOf(id: string): string {
  return id.endsWith(MIRROR_SUFFIX) ? id.slice(0, -MIRROR_SUFFIX.length) : id;
}

export interface ErrorMessage {
  code: string;
  message: string;
  type?: string;
}

type MessageListener = (payload: any) => void;

export { errorText };

/** Close code of a room the server closed for good (server/rooms/base/HubRoom.ts). */
export const ROOM_ENDED_CLOSE = 4404;

export class RoomSession {
  readonly game: string;
  roomId: string;
  room: Room | null = null;
  /** Seat number from the `seat` message; null for spectators (or before it arrives). */
  seat: number | null = null;
  spectator: boolean;
  isPrivate = false;
  /** A daily challenge's room: its UTC day; null for any other room. */
  daily: string | null = null;
  /** Seconds a delayed spectator sees the table late (0: live). */
  delaySeconds = 0;
  /** A delayed view's first frame (server time, ms); 0 once shown or when live. */
  private showsAt = 0;
  status: ConnStatus = { kind: "connecting" };
  readonly clock = new ServerClock();
  /** How many times this session got its room back after a drop. */
  reconnects = 0;

  private reconnectionToken = "";
  private leaving = false;
  /** The server moved our seat to another connection (same seat token in another tab/device). */
  private superseded = false;
  private wake: (() => void) | null = null;
  private roomListeners = new Set<(room: Room) => void>();
  private statusListeners = new Set<(s: ConnStatus) => void>();
  private messageListeners = new Map<string, Set<MessageListener>>();

  constructor(game: string, roomId: string, spectator: boolean) {
    this.game = game;
    this.roomId = roomId;
    this.spectator = spectator;
    window.addEventListener("online", this.retryNow);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  // ---- subscription -------------------------------------------------------

  /** Calls fn with the current Room (if any) and with every new Room after a reconnect. */
  onRoom(fn: (room: Room) => void): () => void {
    this.roomListeners.add(fn);
    if (this.room) fn(this.room);
    return () => this.roomListeners.delete(fn);
  }

  onStatus(fn: (s: ConnStatus) => void): () => void {
    this.statusListeners.add(fn);
    fn(this.status);
    return () => this.statusListeners.delete(fn);
  }

  /** Server messages by type ("welcome", "seat", "error", "event", …); survives reconnects. */
  onMessage<T = any>(type: string, fn: (payload: T) => void): () => void {
    let set = this.messageListeners.get(type);
    if (!set) this.messageListeners.set(type, (set = new Set()));
    set.add(fn as MessageListener);
    return () => set!.delete(fn as MessageListener);
  }

  // ---- actions ------------------------------------------------------------

  /** Sends a message if connected; returns false (and sends nothing) otherwise. */
  send(type: string, payload: unknown = {}): boolean {
    if (!this.room || this.status.kind !== "connected") return false;
    try {
      this.room.send(type, payload);
      return true;
    } catch {
      return false;
    }
  }

  /** Leaves for good (consented): the server frees the seat; the stored seat token is forgotten. */
  async leave(): Promise<void> {
    if (this.leaving) return;
    this.leaving = true;
    this.dispose();
    forgetSeat(this.roomId);
    const room = this.room;
    this.room = null;
    this.setStatus({ kind: "left" });
    if (room) {
      try {
        await Promise.race([room.leave(true), new Promise((r) => setTimeout(r, 1500))]);
      } catch {
        /* already closed */
      }
    }
  }

  /**
   * Steps away without giving the seat up (navigating off the room, not a choice to leave):
   * the socket closes like a dropped connection, so the server holds the seat for its
   * reconnection window; the stored seat token stays, so coming back reclaims it.
   */
  async suspend(): Promise<void> {
    if (this.leaving) return;
    if (this.spectator) return this.leave();
    this.leaving = true;
    this.dispose();
    const room = this.room;
    this.room = null;
    this.setStatus({ kind: "left" });
    if (room) {
      try {
        await Promise.race([room.leave(false), new Promise((r) => setTimeout(r, 1500))]);
      } catch {
        /* already closed */
      }
    }
  }

  /** A delayed spectator before the first frame: whole seconds until it shows (0: it has, or not delayed). */
  firstFrameIn(): number {
    if (!this.showsAt) return 0;
    const ms = this.showsAt - this.clock.now();
    if (ms <= 0) this.showsAt = 0;
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  /** Skips the current backoff wait (the "Retry now" button, `online` event, tab visible again). */
  retryNow = (): void => {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  };

  // ---- internals ----------------------------------------------------------

  /** Binds a freshly joined Room: handlers, token, status, listeners. */
  attach(room: Room): void {
    this.room = room;
    this.roomId = liveOf(room.roomId); // a delayed spectator rejoins through the live room's id
    this.reconnectionToken = room.reconnectionToken; // changes on every (re)connect: always keep the latest
    room.onMessage("*", (type: string | number, payload: unknown) => this.dispatch(String(type), payload));
    room.onLeave((code: number) => this.handleLeave(room, code));
    room.onError((code: number, message?: string) => console.warn(`room error ${code}: ${message ?? ""}`));
    this.setStatus({ kind: "connected" });
    for (const fn of [...this.roomListeners]) {
      // One listener failing (a scene reading a state not decoded yet) must not undo the join:
      // recover() would take it as a failed attempt and join again with the seat token,
      // pushing this very connection out (close 4000), again and again.
      try {
        fn(room);
      } catch (e) {
        console.error("a room listener failed", e);
      }
    }
  }

  private dispatch(type: string, payload: any): void {
    if (type === "welcome") {
      const w = payload as WelcomeMessage;
      this.clock.restart(Number(w?.serverTime));
      this.isPrivate = !!w?.private;
      this.daily = typeof w?.daily === "string" ? w.daily : null;
      if (typeof w?.spectator === "boolean") this.spectator = w.spectator;
      this.delaySeconds = typeof w?.delaySeconds === "number" && w.delaySeconds > 0 ? w.delaySeconds : 0;
      this.showsAt = this.delaySeconds > 0 && typeof w?.showsAt === "number" && w.showsAt > 0 ? w.showsAt : 0;
    } else if (type === "error" && (payload as ErrorMessage | undefined)?.code === "seat-reclaimed") {
      this.superseded = true;
    } else if (type === "seat") {
      const { seat, seatToken } = (payload ?? {}) as { seat?: number; seatToken?: string };
      if (typeof seat === "number") this.seat = seat;
      if (typeof seatToken === "string" && seatToken) {
        saveSeat({ roomId: this.roomId, seatToken, seat: this.seat ?? -1, game: this.game });
      }
    }
    const set = this.messageListeners.get(type);
    if (set) for (const fn of [...set]) fn(payload);
  }

  private setStatus(s: ConnStatus): void {
    this.status = s;
    for (const fn of [...this.statusListeners]) fn(s);
  }

  private handleLeave(room: Room, code: number): void {
    if (room !== this.room) return; // an old Room object closing late
    console.info(`room ${room.roomId} closed (${code})`);
    this.room = null;
    if (this.leaving) return;
    if (code === ROOM_ENDED_CLOSE) {
      // The server closed the room for good (not a restart): nothing to wait for.
      // (worded for explainJoinFailure's "has ended or closed" message, with no "Watch" offer)
      this.loseSeat("The room was disposed: the game has ended.");
      return;
    }
    if (this.superseded) {
      // Another tab took the seat with our token: fighting back would ping-pong forever.
      this.loseSeat("Your seat was taken over by another tab or device.", false);
      return;
    }
    void this.recover(code);
  }

  private async recover(closeCode: number): Promise<void> {
    const back = await recoverRoom(closeCode, this.reconnectionToken !== "", {
      reconnect: () => hubClient().reconnect(this.reconnectionToken),
      rejoin: () => this.rejoin(),
      sleep: (ms) => this.sleep(ms),
      stopped: () => this.leaving,
      offline: () => typeof navigator !== "undefined" && navigator.onLine === false,
      attempting: (attempt, offline) => this.setStatus(offline ? { kind: "offline", attempt } : { kind: "reconnecting", attempt }),
    });
    if (!back) return;
    if ("lost" in back) {
      this.loseSeat(back.lost);
      return;
    }
    // Joined: from here on nothing may count as a failed attempt (that would join again).
    if (this.leaving) {
      void back.room.leave(true);
      return;
    }
    this.reconnects++;
    this.attach(back.room);
  }

  /** Rejoin after the reconnection window: by seat token, or as a spectator again. */
  private async rejoin(): Promise<Room> {
    const name = playerName();
    if (this.spectator) return hubClient().joinById(this.roomId, { spectate: true, name });
    const stored = loadSeat(this.roomId);
    if (stored) return hubClient().joinById(this.roomId, { seatToken: stored.seatToken, name });
    // The seat's token never arrived: the first join was cut before it completed. The server
    // keeps that seat for whoever joins meanwhile (server/rooms/base/reconnection.ts): join again.
    if (this.seat === null) {
      const key = (await profileForSeat())?.key;
      return hubClient().joinById(this.roomId, { name, ...(key ? { profileKey: key } : {}) });
    }
    throw new SeatLost("No seat token is stored for this room.");
  }

  private loseSeat(reason: string, forget = true): void {
    if (forget) forgetSeat(this.roomId);
    this.dispose();
    this.setStatus({ kind: "seat-lost", reason });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private onVisible = (): void => {
    if (document.visibilityState === "visible" && this.status.kind !== "connected") this.retryNow();
  };

  private dispose(): void {
    window.removeEventListener("online", this.retryNow);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.retryNow();
  }
}

/**
 * Opens a session: quick play, create, join by id/code, spectate or reclaim
 * (options.seatToken). Rejects with the server's message if refused.
 */
export async function openSession(req: JoinRequest): Promise<RoomSession> {
  const client = hubClient();
  // A new seat plays for this browser's profile (made now if it has none): its games land in My games.
  const key = req.options?.spectate === true ? undefined : (await profileForSeat())?.key;
  const options: Record<string, unknown> = { name: playerName(), ...(key && req.options?.spectate !== true ? { profileKey: key } : {}), ...(req.options ?? {}) };
  let room: Room;
  if (req.how === "joinOrCreate") room = await client.joinOrCreate(req.game, options);
  else if (req.how === "create") room = await client.create(req.game, options);
  else room = await client.joinById(req.roomId ?? "", options);
  const session = new RoomSession(liveOf(room.name || req.game), liveOf(room.roomId), options.spectate === true);
  session.attach(room);
  return session;
}

/** Joins the room a seat reservation is for (rated quick play hands one out). */
export async function openReserved(game: string, reservation: unknown): Promise<RoomSession> {
  const room = await hubClient().consumeSeatReservation(reservation as Parameters<ReturnType<typeof hubClient>["consumeSeatReservation"]>[0]);
  const session = new RoomSession(liveOf(room.name || game), liveOf(room.roomId), false);
  session.attach(room);
  return session;
}
