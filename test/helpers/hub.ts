// Server-test helpers: boot a real hub on its own port, watch what a real
// colyseus.js client receives, break its socket, poll server-side conditions.

import "./quietLogs.js";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import type { Room } from "colyseus.js";
import { createHubConfig, type HubExtras } from "../../arena.config.js";
import { DEFAULTS, NO_ADDRESS_LIMITS, type HubSettings } from "../../server/settings.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { SqliteStore } from "../../server/store/index.js";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";
import { cellsOf } from "./boardRows.js";

export interface TestHub {
  colyseus: ColyseusTestServer;
  store: SqliteStore;
  port: number;
  /** GET a path on the hub's HTTP server; resolves to {status, body}. */
  get(path: string): Promise<{ status: number; body: unknown }>;
  /** Server-side room instance. */
  room<R = MinesweeperRoom>(roomId: string): R;
  shutdown(): Promise<void>;
}

/**
 * Per-address limits lifted: every test client plays from 127.0.0.1, and most suites make far
 * more rooms and joins than one person would. bootHub uses this unless a suite passes its own
 * `admission` (test/server/security.rooms.test.ts checks the real limits).
 */
export const LAX_ADDRESS_LIMITS: Pick<HubSettings, "admission"> = { admission: { ...DEFAULTS.admission, ...NO_ADDRESS_LIMITS } };

/**
 * Boots the hub (the real arena config) on `port` with an in-memory store, a 1-second
 * reconnection window and lax per-address limits unless overridden. One per suite: give
 * every suite its own port.
 */
export async function bootHub(port: number, overrides: Partial<HubSettings> & HubExtras = {}): Promise<TestHub> {
  const store = new SqliteStore(":memory:");
  const colyseus = await boot(createHubConfig({ reconnectSeconds: 1, seatHoldSeconds: 60, store, ...LAX_ADDRESS_LIMITS, ...overrides }), port);
  return {
    colyseus,
    store,
    port,
    async get(path) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body };
    },
    room<R = MinesweeperRoom>(roomId: string): R {
      const room = colyseus.getRoomById(roomId) as unknown as R | undefined;
      if (!room) throw new Error(`no live room ${roomId}`);
      return room;
    },
    async shutdown() {
      await colyseus.shutdown();
    },
  };
}

/**
 * Registers a server suite's hooks in the current describe block: the hub booted on `port`
 * before it (bootHub's settings with `overrides`), SeatedRoom.botDelayScale set to
 * `botDelayScale` while it runs, both undone after it. The returned hub is live inside tests.
 */
export function useHub(port: number, overrides: Partial<HubSettings> & HubExtras = {}, options: { botDelayScale?: number } = {}): TestHub {
  let hub: TestHub | undefined;
  let scale = 1;
  before(async () => {
    scale = SeatedRoom.botDelayScale;
    if (options.botDelayScale !== undefined) SeatedRoom.botDelayScale = options.botDelayScale;
    hub = await bootHub(port, overrides);
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    await hub?.shutdown();
    hub = undefined;
  });
  const live = (): TestHub => {
    if (!hub) throw new Error("the hub is not booted yet (use it inside a test)");
    return hub;
  };
  return {
    get colyseus() { return live().colyseus; },
    get store() { return live().store; },
    port,
    get: (path) => live().get(path),
    room: (roomId) => live().room(roomId),
    shutdown: () => live().shutdown(),
  };
}

export interface Received {
  type: string;
  payload: any;
  /** The client's decoded phase when the message arrived. */
  phase: string | undefined;
  /** The client's decoded cells when the message arrived (with `cellsAtReceipt`). */
  cells?: number[];
}

/**
 * Records every message (through the "*" handler: register no other handler)
 * and every decoded state change of one client room.
 */
/** A client in a seat: its room, a probe on it, and the seat and token the room sent. */
export interface SeatedClient {
  room: Room<any>;
  probe: Probe;
  seat: number;
  seatToken: string;
}

/** Joins and waits for the room's `seat` message. */
export async function seated(join: Promise<Room<any>>, timeoutMs?: number, probe: { cellsAtReceipt?: boolean } = {}): Promise<SeatedClient> {
  const room = await join;
  const p = new Probe(room, probe);
  const { seat, seatToken } = await p.next("seat", 0, undefined, timeoutMs);
  return { room, probe: p, seat, seatToken };
}

/** Sends a message and waits until the server handled it and its answer (patch or error) arrived. */
export async function play(p: SeatedClient, type: string, payload: unknown): Promise<void> {
  p.room.send(type, payload);
  await p.probe.sync();
}

/** A spectator of room `roomId`, once it has been welcomed. */
export async function watcher(hub: TestHub, roomId: string): Promise<Probe> {
  const room = await hub.colyseus.sdk.joinById(roomId, { spectate: true, name: "Watcher" });
  const probe = new Probe(room);
  await probe.next("welcome", 0);
  return probe;
}

export class Probe {
  readonly messages: Received[] = [];
  patches = 0;
  left: number | null = null;
  private listeners = new Set<() => void>();

  constructor(
    readonly room: Room<any>,
    options: { onState?: (state: any) => void; onMessage?: (m: Received) => void; cellsAtReceipt?: boolean } = {},
  ) {
    const { onState, onMessage, cellsAtReceipt } = options;
    room.onMessage("*", (type, payload) => {
      const m: Received = { type: String(type), payload, phase: room.state?.phase };
      if (cellsAtReceipt && room.state?.cellRows) m.cells = cellsOf(room.state.cellRows);
      this.messages.push(m);
      onMessage?.(m);
      this.notify();
    });
    room.onStateChange((state) => {
      this.patches++;
      onState?.(state);
      this.notify();
    });
    room.onLeave((code) => {
      this.left = code;
      this.notify();
    });
  }

  get state(): any {
    return this.room.state;
  }

  /** Payloads of `type` from index `since` (answers to sync pings left out). */
  of(type: string, since = 0): any[] {
    return this.messages
      .slice(since)
      .filter((m) => m.type === type && !isSyncReply(m))
      .map((m) => m.payload);
  }

  /**
   * Round trip through the room: the server handles one client's messages in order, so once
   * this ping is answered, everything sent before it was handled and its patch/errors arrived.
   */
  async sync(timeoutMs = 4000): Promise<void> {
    const ping = `${SYNC_PREFIX}${++this.pings}`;
    const from = this.messages.length;
    this.room.send(ping);
    await this.until(() => this.messages.slice(from).some((m) => m.type === "error" && m.payload?.type === ping) || undefined, timeoutMs, "sync");
  }
  private pings = 0;

  /** Resolves with the first `type` message at index ≥ `since` matching `match`. */
  next(type: string, since = this.messages.length, match: (p: any) => boolean = () => true, timeoutMs = 4000): Promise<any> {
    return this.until(() => this.messages.slice(since).find((m) => m.type === type && match(m.payload))?.payload, timeoutMs, `message ${type}`);
  }

  /** Resolves with check()'s first non-undefined value, re-checked on every message/patch. */
  until<T>(check: () => T | undefined | false, timeoutMs = 4000, what = "condition"): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        let value: T | undefined | false;
        try {
          value = check();
        } catch (e) {
          finish();
          reject(e);
          return;
        }
        if (value !== undefined && value !== false) {
          finish();
          resolve(value as T);
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`timed out waiting for ${what} (${this.seen()})`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.listeners.delete(attempt);
      };
      this.listeners.add(attempt);
      attempt();
    });
  }

  /** What this client had received when a wait timed out: the patches, its last messages, its leave code. */
  private seen(): string {
    const last = this.messages.slice(-3).map((m) => `${m.type} ${JSON.stringify(m.payload)?.slice(0, 160)}`);
    const left = this.left === null ? "" : `; left with code ${this.left}`;
    return `${this.patches} patches, phase ${JSON.stringify(this.room.state?.phase)}, ${this.messages.length} messages${last.length ? `, the last: ${last.join(" | ")}` : ""}${left}`;
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }
}

const SYNC_PREFIX = "zz-sync-";
function isSyncReply(m: Received): boolean {
  return m.type === "error" && typeof m.payload?.type === "string" && m.payload.type.startsWith(SYNC_PREFIX);
}

/** Polls a (server-side) condition every few ms. */
export async function until<T>(check: () => T | undefined | false, timeoutMs = 5000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * Settings that lift the message limits, for suites whose bots play as fast as they can
 * (the fuzz suites prove the real limits work).
 */
export const NO_RATE_LIMITS = {
  messageRate: { burst: 100_000, perSecond: 100_000 },
  cursorRate: { burst: 100_000, perSecond: 100_000 },
} as const;

/** The error a promise rejects with (fails when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected the promise to reject");
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Kills the client's socket without a leave message: the server sees an abnormal close (1006). */
export function dropConnection(room: Room<any>): void {
  const ws = (room.connection.transport as unknown as { ws: { terminate?: () => void; close: () => void } }).ws;
  if (ws.terminate) ws.terminate();
  else ws.close();
}

/** Sends a raw frame on the client's socket (for malformed-frame tests). */
export function sendRaw(room: Room<any>, bytes: Uint8Array): void {
  (room.connection.transport as unknown as { ws: { send(b: Uint8Array): void } }).ws.send(bytes);
}

/** Plain copy of a decoded (or server) schema state. */
export function snapshot(state: any): any {
  return JSON.parse(JSON.stringify(state.toJSON ? state.toJSON() : state));
}

/** Index of a hidden cell that is safe on the server's board (any cell before the first reveal). */
export function safeHiddenCell(room: MinesweeperRoom): number {
  const board = room.session.state;
  for (let i = 0; i < board.status.length; i++) {
    if (board.status[i] === 0 && (!board.mines || board.mines[i] === 0)) return i;
  }
  return -1;
}

/**
 * Hidden safe cells next to a mine: revealing one opens that one cell (no flood), so a test can
 * take turns without winning the board by accident.
 */
export function numberedSafeCells(room: MinesweeperRoom): number[] {
  const board = room.session.state;
  if (!board.mines) return [];
  const cells: number[] = [];
  for (let i = 0; i < board.status.length; i++) if (board.status[i] === 0 && board.mines[i] === 0 && board.adjacent[i] > 0) cells.push(i);
  return cells;
}

/** Index of a hidden mine on the server's board (-1 before mines are placed). */
export function hiddenMine(room: MinesweeperRoom): number {
  const board = room.session.state;
  if (!board.mines) return -1;
  for (let i = 0; i < board.status.length; i++) if (board.mines[i] === 1 && board.status[i] === 0) return i;
  return -1;
}

export function rc(room: MinesweeperRoom, i: number): { r: number; c: number } {
  const cols = room.session.config.cols;
  return { r: Math.floor(i / cols), c: i % cols };
}
