// A game room's durability: what it writes to the room log (server/store/RoomLog.ts) and
// how a restore hands a logged room to the room being created for it.
//
// GameRoom calls `save()` right before anything leaves for the clients (the base's
// `beforeSend`: before every patch and before a new seat's token is sent). Everything that
// changed since the last save goes in one write: the header when it changed (seats, phase,
// a new game's seed), the moves not yet written, the deadlines when they moved. So a move
// that any client saw is in the log, and a seat token its owner holds is there as a hash.

import { randomBytes } from "node:crypto";
import type { Deadlines, LoggedMove, LoggedRoom, RoomHeader, RoomLog, RoomWrite } from "../../store/RoomLog.js";

/** What the room is now, as `save()` needs it. */
export interface RoomNow {
  header: RoomHeader;
  /** The current game's moves (game `header.gameNo`). */
  moves: readonly LoggedMove[];
  deadlines: Deadlines;
}

export class RoomDurability {
  private opened = false;
  private header = "";
  private gameNo = -1;
  private written = 0;
  private deadlines = "";
  /** The room went to sleep (or its process is stopping): its log stays open for a restore. */
  keepOpen = false;

  constructor(
    private readonly log: RoomLog | undefined,
    private readonly process: () => string,
  ) {}

  get enabled(): boolean {
    return this.log !== undefined;
  }

  /** A restored room starts from what the log already holds. */
  restored(r: LoggedRoom): void {
    this.header = JSON.stringify(r.header);
    this.gameNo = r.header.gameNo;
    this.written = r.moves.length;
    this.deadlines = JSON.stringify(r.deadlines);
  }

  save(now: RoomNow, at = Date.now()): void {
    const log = this.log;
    if (!log) return;
    const { header, moves, deadlines } = now;
    const json = JSON.stringify(header);
    if (!this.opened) {
      this.opened = true;
      // A restored room's row exists; open() marks it live under this process either way.
      log.open(header, this.process(), at);
      this.header = json;
    }
    const w: RoomWrite = {};
    if (json !== this.header) {
      w.header = header;
      this.header = json;
    }
    // A new game (or a rewound one) rewrites its moves from where they differ.
    const from = header.gameNo !== this.gameNo ? 0 : Math.min(this.written, moves.length);
    if (moves.length > from || header.gameNo !== this.gameNo || moves.length < this.written) {
      w.moves = { gameNo: header.gameNo, from, list: moves.slice(from) };
      this.gameNo = header.gameNo;
      this.written = moves.length;
    }
    const d = JSON.stringify(deadlines);
    if (d !== this.deadlines) {
      w.deadlines = deadlines;
      this.deadlines = d;
    }
    if (w.header || w.moves || w.deadlines) log.write(header.roomId, w, at);
  }

  /** The room is going away. Closed for good unless it sleeps or its process is stopping. */
  disposed(roomId: string): void {
    if (!this.log || !this.opened || this.keepOpen) return;
    this.log.setStatus(roomId, "closed", Date.now());
  }

  sleep(roomId: string): void {
    if (!this.log || !this.opened) return;
    this.keepOpen = true;
    this.log.setStatus(roomId, "sleeping", Date.now());
  }
}

// ---- handing a logged room to the room created for it ---------------------------------

/** Create-option key of a restore; its value is a one-time nonce no client can guess. */
export const RESTORE_OPTION = "__restore";
const pending = new Map<string, LoggedRoom>();

/** The create options that rebuild `r` (its own options, for the listing's criteria, plus the nonce). */
export function restoreOptions(r: LoggedRoom): Record<string, unknown> {
  const nonce = randomBytes(16).toString("hex");
  pending.set(nonce, r);
  return { ...r.header.options, [RESTORE_OPTION]: nonce };
}

/** The logged room a create is restoring, if its options carry a live nonce (used once). */
export function takeRestore(options: Record<string, unknown>): LoggedRoom | null {
  const nonce = options[RESTORE_OPTION];
  if (typeof nonce !== "string") return null;
  const r = pending.get(nonce) ?? null;
  pending.delete(nonce);
  return r;
}

/** The create options worth logging: the client's, without the server's settings or a nonce. */
export function loggableOptions(options: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    if (k === "hub" || k === RESTORE_OPTION || typeof v === "function") continue;
    out[k] = v;
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}
