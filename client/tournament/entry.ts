// This browser's place in a tournament: its connection to the tournament's room (the director,
// docs/protocol.md "Tournaments"). Being connected is being entered, so the connection outlives
// the tournament page: it stays open while the player is in a game and between games, and a
// `matched` takes the player straight to the game wherever they are. A dropped socket is not a
// withdrawal: it comes back with `client.reconnect(token)` (the token kept in session storage,
// as a seat's is, so a reload comes back too), and past the server's window it joins again.
// Only Leave (a consented leave) withdraws.
import type { Room } from "colyseus.js";
import { hubClient, matchmake } from "../net/client";
import { ensureProfile } from "../net/profile";
import { isRefusal } from "../net/recovery";
import { reconnectDelayMs } from "../net/retry";
import { refusalCode, refusalText, type StandingRow } from "./words";
import type { FeaturedGame } from "./api";

export type EntryStatus =
  /** Not entered (following the standings, or never joined). */
  | "out"
  | "joining"
  /** Entered, connected. */
  | "in"
  /** The socket dropped: coming back. */
  | "reconnecting";

export interface MatchedGame {
  tournament: string;
  game: number;
  reservation: unknown;
  roomId: string;
  players: { name: string; rating: number }[];
}

export interface EntryView {
  tournament: string;
  status: EntryStatus;
  /** The standings the room sent last (null before the first). */
  rows: StandingRow[] | null;
  /** The featured game the room named last (null: none being played). */
  featured?: FeaturedGame | null;
  finished: boolean;
  /** The game handed out last, while it is being played (cleared when the standings show it scored). */
  playing: MatchedGame | null;
  /** When it was handed out (Date.now()). */
  playingSince: number;
  /** Why the player is out, in words (a refusal, "You left…"), or "". */
  note: string;
}

const KEY = "hub.tournament";
const ROOM_PREFIX = "hub.tournamentRoom.";

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The tournament a game room was handed out by (its end screen offers the way back). */
export function tournamentOfRoom(roomId: string): string | null {
  return session()?.getItem(ROOM_PREFIX + roomId) ?? null;
}

type Listener = (v: EntryView) => void;

/** How the app opens a handed-out game (main.ts: consume the reservation, show the room). */
export type OnMatched = (m: MatchedGame) => void;

let onMatched: OnMatched = () => undefined;
export function whenMatched(fn: OnMatched): void {
  onMatched = fn;
}

class Entry {
  private room: Room | null = null;
  private view: EntryView = { tournament: "", status: "out", rows: null, finished: false, playing: null, playingSince: 0, note: "" };
  private listeners = new Set<Listener>();
  private leaving = false;
  /** The row of mine when the last game was handed out: a change means it was scored. */
  private mineAtMatch = "";
  private me = "";

  get current(): EntryView {
    return this.view;
  }

  /** Listens for changes (called at once with the current view); returns the way to stop. */
  watch(fn: Listener): () => void {
    this.listeners.add(fn);
    fn(this.view);
    return () => this.listeners.delete(fn);
  }

  private set(patch: Partial<EntryView>): void {
    this.view = { ...this.view, ...patch };
    for (const fn of [...this.listeners]) fn(this.view);
  }

  /** Entered in `id` (or joining it, or coming back to it)? */
  isIn(id: string): boolean {
    return this.view.tournament === id && this.view.status !== "out";
  }

  /** Joins tournament `id` (leaving another one this browser is in). Resolves once it is in, or with the refusal in words. */
  async join(id: string, kind?: { kind: string }): Promise<boolean> {
    if (this.isIn(id)) return true;
    if (this.room) await this.leave();
    this.replaced = false;
    this.set({ tournament: id, status: "joining", note: "", rows: this.view.tournament === id ? this.view.rows : null, playing: null });
    return this.connect(id, kind);
  }

  private async connect(id: string, kind?: { kind: string }): Promise<boolean> {
    const me = await ensureProfile();
    if (!me) {
      this.set({ status: "out", note: refusalText("no-profile", undefined, kind) });
      return false;
    }
    this.me = me.id;
    try {
      // through `matchmake`: a refusal keeps the hub's code (words.ts reads it)
      const room = await matchmake("joinOrCreate", "tournament", { tournament: id, profileKey: me.key });
      if (this.view.tournament !== id || this.view.status !== "joining") {
        void room.leave(true); // left or moved on meanwhile
        return false;
      }
      this.attach(room, id);
      return true;
    } catch (e) {
      if (this.view.tournament === id) this.set({ status: "out", note: refusalText(refusalCode(e), (e as Error)?.message, kind) });
      return false;
    }
  }

  /** Leaves on purpose: withdrawn (an arena: until joining again; a Swiss: for good). */
  async leave(): Promise<void> {
    const room = this.room;
    this.room = null;
    this.leaving = true;
    session()?.removeItem(KEY);
    this.set({ status: "out", playing: null, note: "You left this tournament." });
    try {
      await room?.leave(true);
    } catch {
      // already closed: the server withdraws a connection that does not come back
    } finally {
      this.leaving = false;
    }
  }

  /** After a reload: back into the tournament this tab was in (its reconnection token), if any. */
  async resume(): Promise<void> {
    const raw = session()?.getItem(KEY);
    if (!raw || this.room) return;
    try {
      const { id, token } = JSON.parse(raw) as { id: string; token: string };
      if (typeof id !== "string" || typeof token !== "string") throw new Error("bad");
      this.set({ tournament: id, status: "reconnecting", note: "" });
      await this.comeBack(id, token);
    } catch {
      session()?.removeItem(KEY);
    }
  }

  private attach(room: Room, id: string): void {
    this.room = room;
    session()?.setItem(KEY, JSON.stringify({ id, token: room.reconnectionToken }));
    this.set({ status: "in", note: "" });
    room.onMessage("event", (e: any) => this.event(id, e));
    room.onMessage("*", () => undefined);
    room.onLeave((code: number) => {
      if (room !== this.room || this.leaving) return;
      this.room = null;
      if (code === 1000 || this.view.status === "out") return;
      if (code === 4000 && this.replaced) return; // another tab took the entry: no tug of war
      this.set({ status: "reconnecting" });
      void this.comeBack(id, room.reconnectionToken);
    });
  }

  private replaced = false;

  private event(id: string, e: any): void {
    if (e?.kind === "standings" && Array.isArray(e.rows)) {
      const rows = e.rows as StandingRow[];
      const mine = JSON.stringify({ ...rows.find((r) => r.id === this.me), rank: 0 });
      const playing = this.view.playing && mine !== this.mineAtMatch ? null : this.view.playing;
      this.set({ rows, finished: e.finished === true, playing, featured: e.featured ?? null });
    } else if (e?.kind === "matched" && typeof e.roomId === "string") {
      const m = e as MatchedGame;
      session()?.setItem(ROOM_PREFIX + m.roomId, id);
      this.mineAtMatch = JSON.stringify({ ...this.view.rows?.find((r) => r.id === this.me), rank: 0 });
      this.set({ playing: m, playingSince: Date.now() });
      onMatched(m);
    } else if (e?.kind === "replaced") {
      this.replaced = true;
      session()?.removeItem(KEY);
      this.set({ status: "out", playing: null, note: "You are in this tournament in another tab now; carry on there, or press Join to play here instead." });
    } else if (e?.kind === "moved") {
      // another process runs it now: join it again there (the server closes this socket)
      this.room = null;
      this.set({ status: "reconnecting" });
      setTimeout(() => void this.rejoin(id), 1000);
    }
  }

  /** A drop: the token while the server's window lasts, then a new join (an arena takes the entrant back). */
  private async comeBack(id: string, token: string): Promise<void> {
    for (let attempt = 1; attempt <= 6; attempt++) {
      if (this.view.tournament !== id || this.view.status !== "reconnecting") return;
      try {
        const room = await hubClient().reconnect(token);
        if (this.view.tournament !== id || this.view.status !== "reconnecting") return void room.leave(true);
        this.attach(room, id);
        return;
      } catch (e) {
        if (isRefusal(e)) break; // the window passed (or the room is gone): join again
        await new Promise((r) => setTimeout(r, reconnectDelayMs(attempt)));
      }
    }
    await this.rejoin(id);
  }

  private async rejoin(id: string): Promise<void> {
    if (this.view.tournament !== id || this.view.status === "out") return;
    this.set({ status: "joining" });
    if (!(await this.connect(id)) && this.view.tournament === id && !this.view.note) {
      this.set({ note: "Your connection to the tournament was lost. Press Join to come back." });
    }
  }
}

/** The one entry of this tab. */
export const entry = new Entry();
