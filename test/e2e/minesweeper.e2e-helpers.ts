// Shared pieces of the Minesweeper browser suites (race, replay, big board,
// offline): a booted hub, its opened pages (OpenedPages), server-side peeks
// at race rooms, and CDP touch gestures.
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import type { Browser, BrowserContextOptions, CDPSession, Page } from "playwright-core";
import { createHubConfig } from "../../arena.config.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { SqliteStore } from "../../server/store/index.js";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";
import { CELL } from "../../common/minesweeper/types.js";
import { clickCell, freePort, hub, launchChromium, OpenedPages, waitHub, type HubSnapshot, type OpenedPage } from "../helpers/e2e.js";

export interface Suite {
  browser: Browser;
  base: string;
  port: number;
  open(options?: BrowserContextOptions, hash?: string): Promise<OpenedPage>;
  /** Checks page errors and closes every page opened since the last call. */
  closeAll(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Boots the real hub (in-memory store, short race countdown, unless `overrides` say otherwise) and Chromium. */
export async function startSuite(overrides: Record<string, unknown> = {}): Promise<Suite> {
  const browser = await launchChromium();
  const port = await freePort();
  const server: ColyseusTestServer = await boot(
    createHubConfig({ store: new SqliteStore(":memory:"), reconnectSeconds: 20, seatHoldSeconds: 120, ...LAX_ADDRESS_LIMITS, raceCountdownMs: 1500, ...overrides } as never),
    port,
  );
  const base = `http://127.0.0.1:${port}/`;
  // The offline and replay pages also see refused submissions and a server that went away.
  const pages = new OpenedPages(() => browser, () => base, /WebSocket|ERR_|net::|Failed to fetch|status of 4\d\d/);
  return {
    browser,
    base,
    port,
    open: (options, hash) => pages.open(options, hash),
    closeAll: () => pages.closeAll(),
    async shutdown() {
      await browser.close();
      await server.shutdown();
    },
  };
}

export function serverRoom(roomId: string): MinesweeperRoom {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as MinesweeperRoom | undefined;
  if (!room) throw new Error(`room ${roomId} is not in this process`);
  return room;
}

/** Mines of a running race (every board shares them); null before the go. */
export function raceMines(roomId: string): Uint8Array | null {
  const race = serverRoom(roomId).race;
  const mines = race?.state.boards[0]?.mines;
  return mines ? Uint8Array.from(mines) : null;
}

export async function enterLobby(page: Page, name: string): Promise<void> {
  await page.waitForSelector("#quick-play");
  await page.fill("input[name=name]", name);
}

export const countOpen = (cells: number[] | undefined) => (cells ?? []).filter((c) => c <= 8).length;

/** Clicks hidden safe cells (mines from the server) until the board is won. */
export async function clearWithMouse(page: Page, mines: Uint8Array, done: (s: HubSnapshot) => boolean): Promise<HubSnapshot> {
  let s = await hub(page);
  for (let guard = 0; guard < 400 && !done(s); guard++) {
    const next = s.cells!.findIndex((code, i) => code === CELL.HIDDEN && mines[i] === 0);
    if (next < 0) break;
    const r = Math.floor(next / s.cols!);
    const c = next % s.cols!;
    await clickCell(page, r, c);
    s = await waitHub(page, (x) => x.cells![next] !== CELL.HIDDEN || done(x), `cell ${r},${c} to open`);
  }
  return s;
}

// ---- CDP touch gestures ---------------------------------------------------------

type Pt = { x: number; y: number };

/** Two fingers from a → b (each a pair of points), in `steps` moves. */
export async function twoFinger(cdp: CDPSession, page: Page, from: [Pt, Pt], to: [Pt, Pt], steps = 8): Promise<void> {
  const pts = (p: [Pt, Pt]) => p.map((q, i) => ({ x: q.x, y: q.y, id: i + 1 }));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: pts(from) });
  for (let k = 1; k <= steps; k++) {
    const f = k / steps;
    const at: [Pt, Pt] = [0, 1].map((i) => ({
      x: from[i].x + (to[i].x - from[i].x) * f,
      y: from[i].y + (to[i].y - from[i].y) * f,
    })) as [Pt, Pt];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: pts(at) });
    await page.waitForTimeout(16);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/**
 * Registers the usual hooks for a describe block: the hub and Chromium booted before it,
 * every page checked and closed after each test, everything shut down after it.
 * Returns the suite, usable once the `before` hook has run.
 */
export function useSuite(overrides: () => Record<string, unknown> = () => ({})): Suite {
  let suite: Suite | undefined;
  before(async () => {
    suite = await startSuite(overrides());
  });
  after(async () => {
    await suite?.shutdown();
  });
  afterEach(async () => {
    await suite?.closeAll();
  });
  const live = (): Suite => {
    if (!suite) throw new Error("the e2e suite is not started yet");
    return suite;
  };
  return {
    get browser() { return live().browser; },
    get base() { return live().base; },
    get port() { return live().port; },
    open: (options, hash) => live().open(options, hash),
    closeAll: () => live().closeAll(),
    shutdown: () => live().shutdown(),
  };
}
