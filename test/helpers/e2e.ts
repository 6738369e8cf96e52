// Browser-test helpers: boot the real hub (arena.config.ts) on a free port,
// drive Debian's Chromium with playwright-core, talk to the page through
// window.__hub (no pixel guessing), and peek at server-side room instances
// (same process) for what a test may know but a client never does (mines).
import "./quietLogs.js";
import { expect } from "chai";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { matchMaker } from "@colyseus/core";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import { createHubConfig } from "../../arena.config.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { SqliteStore } from "../../server/store/index.js";
import { probeFrames } from "./frameProbe.js";
import { profilePage } from "./jsProfile.js";
import { waitingFor } from "./waiting.js";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from "playwright-core";

/** The page's test hook (client/hub.ts), as far as tests use it. */
interface HubHook {
  state(): Record<string, unknown>;
  cellCenter(r: number, c: number): { x: number; y: number } | null;
  renderNow(): void;
  resume(): void;
  leave(): Promise<void>;
}

declare global {
  interface Window {
    __hub: HubHook;
  }
}

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const RESULTS = join(ROOT, "test-results");
/**
 * Debian's Chromium as its headless shell (`apt-get install chromium-headless-shell`: the same
 * Chromium build without the browser's window and display compositor, what playwright itself
 * drives headless), or the full `chromium` where the shell is not installed. The shell cost about
 * a third less CPU for the same tests and pages (docs/testing.md, "The headless shell").
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
/** The full Chromium, for the few checks the headless shell cannot make (it denies notifications). */
export const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Profile creation without the per-address bound (every test page plays from one address). */
export const LAX_PROFILES = { profilesPerDay: 1e6, createRate: { burst: 1e6, perSecond: 1e6 } };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Launches Chromium, or fails loudly (never skips, CI or not). */
export async function launchChromium(executablePath = CHROMIUM): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install Debian's chromium-headless-shell and chromium (apt-get install chromium-headless-shell chromium) or set CHROMIUM_PATH / CHROMIUM_FULL_PATH; browser tests never download browsers and never skip.`,
    );
  }
  if (!existsSync(join(ROOT, "dist", "client", "index.html"))) {
    throw new Error("dist/client is missing: run `npm run build` first (npm test does it for you).");
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium per test process, launched on the first suite's use and kept for the next
 * file's (a launch and a close cost a second or two, times every browser file). Every test
 * opens its own context (own storage, cache, service workers, permissions), and a suite ends
 * with `releaseChromium`, which closes the contexts it left. A browser that went away is
 * launched again; playwright closes it when the process exits.
 */
export function sharedChromium(): Promise<Browser> {
  if (!shared) {
    const launching = launchChromium();
    shared = launching;
    launching.then(
      (b) => b.on("disconnected", () => {
        if (shared === launching) shared = undefined;
      }),
      () => {
        if (shared === launching) shared = undefined;
      },
    );
  }
  return shared;
}

/** A suite is done with the shared Chromium: the contexts it left open are closed, the browser kept. */
export async function releaseChromium(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
};

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A fresh context (own localStorage) with one page at `url`; collects page errors. The hub's
 * service worker is blocked unless `options` allow it (test/e2e/offline.pwa.test.ts does):
 * the other suites route requests and cut the network, which a worker would sit between.
 */
export async function openPage(browser: Browser, url: string, options: BrowserContextOptions = DESKTOP): Promise<OpenedPage> {
  const context = await browser.newContext({ serviceWorkers: "block", ...options });
  await probeFrames(context);
  const page = await context.newPage();
  await profilePage(context, page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(url);
  return { context, page, errors };
}

/** Console errors a page may log without failing the test: its own connection going away. */
export const EXPECTED_PAGE_ERRORS = /WebSocket|ERR_|net::/;

/**
 * The pages one suite opens. `closeAll()` (in an afterEach) fails the test on any page error
 * not matching `tolerated`, then closes them.
 */
export class OpenedPages {
  private readonly opened: OpenedPage[] = [];

  constructor(
    private readonly browser: () => Browser,
    private readonly base: () => string,
    private readonly tolerated = EXPECTED_PAGE_ERRORS,
  ) {}

  async open(options: BrowserContextOptions = DESKTOP, hash = ""): Promise<OpenedPage> {
    const o = await openPage(this.browser(), this.base() + hash, options);
    this.opened.push(o);
    return o;
  }

  async closeAll(): Promise<void> {
    for (const o of this.opened.splice(0)) {
      expect(o.errors.filter((e) => !this.tolerated.test(e)), "page errors").to.deep.equal([]);
      await o.context.close();
    }
  }
}

/** What a browser suite changes from a plain hub (an in-memory store, the default limits). */
export interface BrowserHubOptions {
  /** Hub settings beside the in-memory store, read when the hub boots (a suite's own store may replace it). */
  config?: () => Parameters<typeof createHubConfig>[0];
  /** SeatedRoom.botDelayScale while the suite runs (bots answer faster); restored after it. */
  botDelayScale?: number;
  /** Page errors the suite tolerates (default EXPECTED_PAGE_ERRORS). */
  tolerated?: RegExp;
  /** Boot a fresh hub for each test (a test that shuts it down, as offline.pwa does) instead of one per suite. */
  hubPerTest?: boolean;
  /** The suite's own full Chromium (FULL_CHROMIUM) instead of the shared headless shell: it checks what the shell lacks. */
  fullChromium?: boolean;
}

/** A booted hub and Chromium for one describe block; its fields are live once `before` has run. */
export interface BrowserHub {
  readonly browser: Browser;
  readonly server: ColyseusTestServer;
  /** `http://127.0.0.1:PORT/`. */
  readonly base: string;
  readonly port: number;
  /** Opens a page at `base + hash` (checked for errors and closed after each test). */
  open(options?: BrowserContextOptions, hash?: string): Promise<OpenedPage>;
  /** Shuts the hub down now (a hub-per-test suite cutting the network); the next test boots another. */
  stopHub(): Promise<void>;
}

/**
 * Registers a browser suite's hooks in the current describe block: the process's shared
 * Chromium taken and the real hub booted before it (or before each test), bots sped up, every
 * page checked and closed after each test, the hub shut down, the suite's contexts closed and
 * the bot speed restored after it.
 */
export function useBrowserHub(options: BrowserHubOptions = {}): BrowserHub {
  let browser: Browser | undefined;
  let server: ColyseusTestServer | undefined;
  let port = 0;
  const delayScale = SeatedRoom.botDelayScale;
  const pages = new OpenedPages(() => live(browser, "Chromium"), () => `http://127.0.0.1:${port}/`, options.tolerated);
  function live<T>(v: T | undefined, what: string): T {
    if (v === undefined) throw new Error(`${what} is not started yet (use the suite inside a test)`);
    return v;
  }
  async function startHub(): Promise<void> {
    port = await freePort();
    // Every page that plays makes a profile, all from 127.0.0.1: the per-address bound on new
    // profiles is lifted (test/server/profiles.address.test.ts checks the real one).
    server = await boot(createHubConfig({ store: new SqliteStore(":memory:"), profileApi: LAX_PROFILES, ...options.config?.() }), port);
  }
  async function stopHub(): Promise<void> {
    const s = server;
    server = undefined;
    await s?.shutdown();
  }
  before(async () => {
    browser = options.fullChromium ? await launchChromium(FULL_CHROMIUM) : await sharedChromium();
    if (options.botDelayScale !== undefined) SeatedRoom.botDelayScale = options.botDelayScale;
    if (!options.hubPerTest) await startHub();
  });
  if (options.hubPerTest) beforeEach(startHub);
  afterEach(async () => {
    await pages.closeAll();
    if (options.hubPerTest) await stopHub();
  });
  after(async () => {
    SeatedRoom.botDelayScale = delayScale;
    if (options.fullChromium) await browser?.close();
    else await releaseChromium(browser);
    await stopHub();
  });
  return {
    get browser() { return live(browser, "Chromium"); },
    get server() { return live(server, "the hub"); },
    get base() { return `http://127.0.0.1:${live(port || undefined, "the hub")}/`; },
    get port() { return live(port || undefined, "the hub"); },
    open: (opts, hash) => pages.open(opts, hash),
    stopHub,
  };
}

/** From the lobby: `name` joins room `code` through the join-by-code box. */
export async function joinByCode(page: Page, code: string, name: string): Promise<void> {
  await page.waitForSelector("#join-code");
  await page.fill("input[name=name]", name);
  await page.fill("#join-code", code);
  await page.click("#join-code-btn");
}

/**
 * Shows `game`'s page in the lobby (#/games/ID: its modes and forms, its leaderboard); the
 * plain lobby (#/) shows the games' tiles, not their forms.
 */
export async function gamePage(page: Page, game: string): Promise<void> {
  await page.evaluate((g) => {
    if (location.hash !== `#/games/${g}`) location.hash = `#/games/${g}`;
  }, game);
  await page.waitForSelector(`#game-${game}`);
}

/** From the lobby: `name` opens a private room of `game` (its generated panel's button); resolves with the room. */
export async function openPrivateRoom(page: Page, game: string, name: string): Promise<HubSnapshot> {
  await gamePage(page, game);
  await page.waitForSelector(`#${game}-private-btn`);
  await page.fill("input[name=name]", name);
  await page.click(`#${game}-private-btn`);
  return waitHub(page, (s) => !!s.roomId && s.private === true, "a private room");
}

export type HubSnapshot = {
  route: string;
  connection: string;
  roomId?: string;
  seat?: number | null;
  spectator?: boolean;
  private?: boolean;
  ready?: boolean;
  reconnects?: number;
  mode?: string;
  level?: string;
  phase?: string;
  rows?: number;
  cols?: number;
  mines?: number;
  flags?: number;
  cells?: number[];
  timer?: string;
  counter?: string;
  face?: string;
  seats?: { name: string; occupied: boolean; connected: boolean; credits: number }[];
  spectators?: number;
  cursors?: { r: number; c: number }[];
  cellSize?: number;
  transposed?: boolean;
  [key: string]: unknown;
};

export async function hub(page: Page): Promise<HubSnapshot> {
  return page.evaluate(() => window.__hub.state() as never);
}

/** The page's window.__hub.state() as its own JSON ("null" while the hook is not there yet, as during a reload). */
async function hubJson(page: Page): Promise<string | null> {
  return page.evaluate(() => (window.__hub ? JSON.stringify(window.__hub.state()) : "null")).catch(() => null);
}

/**
 * Resolves with the page's state JSON once it differs from `prev`, or null after `timeout` ms.
 * The page compares its own state every 40 ms and answers only when it changed (a patch, a
 * tap, a timer): one round trip per change instead of one per 40 ms. A navigation in between
 * (a reload) is waited out.
 */
export async function hubChanged(page: Page, prev: string | null, timeout: number): Promise<string | null> {
  const end = Date.now() + timeout;
  while (Date.now() < end && !page.isClosed()) {
    try {
      return await page.evaluate(
        ([p, ms]) =>
          new Promise<string | null>((resolve) => {
            const until = Date.now() + ms;
            const look = () => {
              let s: string | false = false;
              try {
                s = window.__hub ? JSON.stringify(window.__hub.state()) : "null";
              } catch {
                // a state read mid-change: look again
              }
              if (s !== false && s !== p) resolve(s);
              else if (Date.now() >= until) resolve(null);
              else setTimeout(look, 40);
            };
            look();
          }),
        [prev, Math.max(1, end - Date.now())] as const,
      );
    } catch {
      await new Promise((r) => setTimeout(r, 40)); // the page navigated under the wait: read it again
      const now = await hubJson(page);
      if (now !== null && now !== prev) return now;
    }
  }
  return null;
}

/**
 * Waits until window.__hub.state() satisfies `test` (state changes arrive over the network):
 * the test reads the state again only when the page says it changed (hubChanged). A timeout
 * says what it waited for and the last state seen.
 */
export async function waitHub(page: Page, test: (s: HubSnapshot) => boolean, what: string, timeout = 15_000): Promise<HubSnapshot> {
  return waitingFor(what, async () => {
    const end = Date.now() + timeout;
    let json = await hubJson(page);
    for (;;) {
      const last = json === null ? null : (JSON.parse(json) as HubSnapshot | null);
      if (last && test(last)) return last;
      const left = end - Date.now();
      const next = left > 0 ? await hubChanged(page, json, left) : null;
      if (next === null) {
        const brief = last ? JSON.stringify({ ...last, cells: last.cells ? `[${last.cells.length}]` : undefined }) : "no state";
        throw new Error(`timed out waiting for ${what}; last state: ${brief}`);
      }
      json = next;
    }
  });
}

/** The game scene is mounted and the board has arrived. */
export function boardReady(s: HubSnapshot): boolean {
  return s.connection === "connected" && s.ready === true && (s.rows ?? 0) > 0 && (s.cells?.length ?? 0) === (s.rows ?? 0) * (s.cols ?? 0);
}

export async function cellCenter(page: Page, r: number, c: number): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(([rr, cc]) => window.__hub.cellCenter(rr, cc), [r, c] as const);
  if (!p) throw new Error(`no cell ${r},${c} on screen`);
  return p;
}

export async function clickCell(page: Page, r: number, c: number, button: "left" | "right" | "middle" = "left"): Promise<void> {
  const { x, y } = await cellCenter(page, r, c);
  await page.mouse.click(x, y, { button });
}

/** A real touch tap through CDP (touchStart → touchEnd). */
export async function tapCell(page: Page, cdp: CDPSession, r: number, c: number): Promise<void> {
  const { x, y } = await cellCenter(page, r, c);
  // Finger down and up sent together: a wait between them on the test's side became 739 ms on a
  // loaded box, and the page rightly took that for a long press (its timer is 500 ms).
  await Promise.all([
    cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }] }),
    cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
  ]);
}

/** A real long press through CDP: finger down, hold `ms`, lift. */
export async function longPressCell(page: Page, cdp: CDPSession, r: number, c: number, ms = 600): Promise<void> {
  const { x, y } = await cellCenter(page, r, c);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 1 }] });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS, { recursive: true });
  await page.evaluate(() => window.__hub?.renderNow());
  const path = join(RESULTS, `${name}.png`);
  await page.screenshot({ path });
  await page.evaluate(() => window.__hub?.resume());
  return path;
}

// ---- server-side peeking (the test runs in the server's process) ----------------

export { serverMines } from "./peek.js";

/** Closes one seat's socket without consent, like a network drop. */
export function dropClient(roomId: string, seat: number): void {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as {
    clients: { sessionId: string; userData?: { seat?: number; role?: string }; ref: { terminate?: () => void; close: () => void } }[];
  };
  const client = room.clients.find((c) => c.userData?.role === "seat" && c.userData?.seat === seat);
  if (!client) throw new Error(`no connected client on seat ${seat} in ${roomId}`);
  if (client.ref.terminate) client.ref.terminate();
  else client.ref.close();
}

/**
 * The room's own bots play these seats (`on`), as they play a dropped player's held seat, or
 * stop (`off`): a browser test that has shown what the page does with a few moves hands the
 * rest of a whole game to the bots and watches the page reach its end screen (issue 45: the
 * same whole games are played over sockets in test/server and in the contract kit). The page
 * keeps its connection and its seat; hand the seat back before the next game.
 */
export function botsPlaySeats(roomId: string, seats: number[], on: boolean): void {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as { state: { seats: { bot: boolean }[] }; replanBots(): void } | undefined;
  if (!room) throw new Error(`room ${roomId} is not in this process`);
  for (const s of seats) room.state.seats[s].bot = on;
  room.replanBots();
}

/**
 * `botsPlaySeats` on, the game played to its end at once (no bot waits), the seats handed
 * back; resolves when `finished()` says the page shows the end (given at most `ms`).
 */
export async function botsFinishGame<T>(roomId: string, seats: number[], finished: () => Promise<T>): Promise<T> {
  const scale = SeatedRoom.botDelayScale;
  SeatedRoom.botDelayScale = 0;
  // A room already gone has ended by itself (its last battle played while the page caught up):
  // `finished()` reads the end from the page either way, and there is no seat to hand back.
  const here = () => matchMaker.getLocalRoomById(roomId) !== undefined;
  if (here()) botsPlaySeats(roomId, seats, true);
  try {
    return await finished();
  } finally {
    SeatedRoom.botDelayScale = scale;
    if (here()) botsPlaySeats(roomId, seats, false);
  }
}

/** Disposes a live room on the server (as a shutdown would): every client is closed with code 4000. */
export async function closeRoom(roomId: string): Promise<void> {
  const room = matchMaker.getLocalRoomById(roomId);
  if (!room) throw new Error(`room ${roomId} is not in this process`);
  await room.disconnect();
}
