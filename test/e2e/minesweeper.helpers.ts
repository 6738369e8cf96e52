// Shared pieces of the Minesweeper browser suites (race, replay, big board,
// offline): the hub as they boot it (useBrowserHub), server-side peeks
// at race rooms, and CDP touch gestures.
import { matchMaker } from "@colyseus/core";
import type { CDPSession, Page } from "playwright-core";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import type { MinesweeperRoom, RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { CELL } from "../../common/minesweeper/types.js";
import { clickCell, gamePage, hub, useBrowserHub, waitHub, type BrowserHub, type HubSnapshot } from "../helpers/e2e.js";

/** The hub as these suites boot it: in-memory store, short race countdown, unless `overrides` say otherwise. */
export function useSuite(overrides: () => Record<string, unknown> = () => ({})): BrowserHub {
  return useBrowserHub({
    config: () => ({ reconnectSeconds: 20, seatHoldSeconds: 120, ...LAX_ADDRESS_LIMITS, raceCountdownMs: 1500, ...overrides() }),
    // The offline and replay pages also see refused submissions and a server that went away.
    tolerated: /WebSocket|ERR_|net::|Failed to fetch|status of 4\d\d/,
  });
}

export function serverRoom<R = MinesweeperRoom>(roomId: string): R {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as R | undefined;
  if (!room) throw new Error(`room ${roomId} is not in this process`);
  return room;
}

/** Mines of a running race (every board shares them); null before the go. */
export function raceMines(roomId: string): Uint8Array | null {
  const race = serverRoom<RaceRoom>(roomId).session;
  const mines = race?.state.boards[0]?.mines;
  return mines ? Uint8Array.from(mines) : null;
}

export async function enterLobby(page: Page, name: string): Promise<void> {
  await gamePage(page, "minesweeper");
  await page.waitForSelector("#quick-play");
  await page.fill("input[name=name]", name);
}

/** From the lobby: a solo Beginner board by quick play, once it has arrived. */
export async function startSoloBeginner(page: Page, name: string): Promise<HubSnapshot> {
  await enterLobby(page, name);
  await page.check("input[name=quick-mode][value=solo]");
  await page.selectOption("#quick-level", "beginner");
  await page.click("#quick-play-btn");
  return waitHub(page, (x) => x.ready === true && x.rows === 9 && x.connection === "connected", "the solo board");
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
