// Replay page (#/replay/ID): fetches GET /api/replays/ID and plays the game
// back from its log alone with the common/ rules — no stored snapshots. Play /
// pause, speed 0.5×–4×, step, and a scrubber that seeks by re-running the log
// up to that move. Solo and co-op run minesweeperRules; a race runs raceRules
// and shows one racer's board at a time (a board selector). A card-table game
// goes to its own player (client/games/table/replay.ts).
import { GameSession } from "../../common/core/session";
import type { Rules } from "../../common/core/rules";
import { minesweeperRules, creditsBySeat } from "../../common/minesweeper/rules";
import { raceRules, raceStats, viewRace, type RaceState } from "../../common/minesweeper/race";
import { gameStats, type GameStats } from "../../common/minesweeper/stats";
import { levelName as levelNameOf } from "../games/minesweeper/levels";
import type { MinesweeperConfig, MinesweeperState } from "../../common/minesweeper/types";
import { mountBoard, type MinesweeperScene } from "../games/minesweeper/scene";
import { SnapshotFeed, snapshotOf, type BoardSnapshot } from "../games/minesweeper/local";
import { statsList, type StatsLike } from "../games/minesweeper/result";
import { formatTime } from "../games/minesweeper/hud";

/** "12.3 s", "1:02.3" */
function timeText(ms: number): string {
  return ms < 60_000 ? `${formatTime(ms)} s` : formatTime(ms);
}
import { h } from "../ui/dom";
import { replayControls } from "../ui/replayControls";
import { authHeaders } from "../net/profile";
import { PageFrame, type PageHandle } from "./page";

/** GET /api/replays/:id (docs/protocol.md, "Replays"). */
export interface ReplayRecord {
  id: number;
  game: string;
  mode: "solo" | "coop" | "race";
  level: string;
  config: MinesweeperConfig;
  seed: number;
  seats: string[];
  log: { seat: number; move: any; t: number }[];
  result: string;
  timeMs: number | null;
  stats: unknown;
  source: string;
  ranked: boolean;
  startedAt: number;
  endedAt: number;
  finishedAt?: number;
  summary?: { winner: number | null; ranking: number[]; roomSeats: number[] } | null;
}

export const SPEEDS: readonly number[] = [0.5, 1, 2, 4];

export async function fetchReplay(id: string, signal?: AbortSignal): Promise<ReplayRecord> {
  // A private room's game is served to the profiles that played it: send this browser's key.
  const res = await fetch(`/api/replays/${encodeURIComponent(id)}`, { signal, headers: { Accept: "application/json", ...authHeaders() } });
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const code = body?.error?.code;
    throw new Error(code === "not-found" || res.status === 404 ? `There is no replay #${id}.` : body?.error?.reason ?? `The server answered ${res.status}.`);
  }
  return body as ReplayRecord;
}

type AnySession = GameSession<any, any, any, any, any>;

/** Re-runs a record's log with the common/ rules, one move at a time. */
export class ReplayEngine {
  readonly race: boolean;
  session!: AnySession;
  /** Moves applied so far. */
  position = 0;
  /** Index and reason of a move the rules refused (a corrupt record). */
  broken: { index: number; reason: string } | null = null;

  /** `rules`: another game's (its own page draws it); default Minesweeper's, solo/co-op or race. */
  constructor(
    readonly record: ReplayRecord,
    private readonly rules?: Rules<any, any, any, any, any>,
  ) {
    this.race = !rules && (record.mode === "race" || record.log[0]?.move?.type === "go");
    this.reset();
  }

  get total(): number {
    return this.record.log.length;
  }

  private reset(): void {
    const seats = Math.max(1, this.record.seats.length);
    this.session = this.rules
      ? new GameSession(this.rules, this.record.seed, this.record.config, seats)
      : this.race
      ? new GameSession(raceRules, this.record.seed, this.record.config, seats)
      : new GameSession(minesweeperRules, this.record.seed, this.record.config, seats);
    this.position = 0;
  }

  /** Applies the next move; false at the end (or at a refused move). */
  step(): boolean {
    if (this.position >= this.total || this.broken) return false;
    const { seat, move, t } = this.record.log[this.position];
    const result = this.session.apply(seat, move, t);
    if (!result.ok) {
      this.broken = { index: this.position, reason: result.error.message };
      return false;
    }
    this.position++;
    return true;
  }

  /** Seeks by re-running the log from the start to move `k`. */
  seek(k: number): void {
    const target = Math.max(0, Math.min(this.total, Math.round(k)));
    if (target < this.position || this.broken) {
      this.broken = null;
      this.reset();
    }
    while (this.position < target && this.step()) {
      /* re-run */
    }
  }

  /** Time of move i (ms, record clock). */
  timeOf(i: number): number {
    return this.record.log[Math.max(0, Math.min(this.total - 1, i))]?.t ?? 0;
  }

  /** Record clock at the first move and at the last. */
  get t0(): number {
    return this.timeOf(0);
  }
  get tEnd(): number {
    return this.timeOf(this.total - 1);
  }

  /** The board of `seat` (race seat; ignored for solo/co-op) now. */
  board(seat: number): BoardSnapshot {
    const level = this.record.config.level;
    if (this.race) {
      const s = this.session.state as RaceState;
      const v = viewRace(s, seat);
      const b = s.boards[seat];
      const own = v.own!;
      const snap = snapshotOf(own, { mode: "race-replay", level, maxSeats: 1 });
      // the race clock runs from go
      snap.startedAt = s.goAt ?? 0;
      const end = b.endedAt ?? s.resignedAt[seat] ?? s.endedAt ?? 0;
      snap.endedAt = end;
      snap.elapsed = end && s.goAt !== null ? end - s.goAt : 0;
      if (s.phase === "over" && own.phase === "active") snap.phase = "active";
      snap.hit = b.hitIndex ?? -1;
      return snap;
    }
    const s = this.session.state as MinesweeperState;
    // the people who played: a co-op room's record names every seat, "" for the empty ones
    const played = this.record.seats.filter((name) => name !== "").length;
    const snap = snapshotOf(minesweeperRules.view(s, null), {
      mode: this.record.mode === "coop" ? "coop" : "solo-replay",
      level,
      maxSeats: played,
      hit: s.hitIndex ?? -1,
    });
    if (this.record.mode === "coop") {
      snap.seats = this.record.seats.map((name) => ({ name, occupied: name !== "", connected: true, bot: false }));
      snap.credits = creditsBySeat(s);
    }
    return snap;
  }

  /** Stats at the current position (of `seat` in a race). */
  stats(seat: number): GameStats {
    const log = this.record.log.slice(0, this.position);
    if (this.race) return raceStats(this.session.state as RaceState, log)[seat];
    return gameStats(this.session.state as MinesweeperState, log);
  }
}

/**
 * Plays an engine forward one move every `stepMs` (at the transport's speed) while the
 * transport plays; `draw` shows each move. start() on play, stop() on pause and on leaving.
 */
export function stepClock(engine: ReplayEngine, controls: { playing: boolean; speed: number; finish(): void; update(): void }, draw: () => void, stepMs: number): { start(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const tick = () => {
    timer = setTimeout(() => {
      if (!controls.playing) return;
      if (!engine.step()) return controls.finish();
      draw();
      controls.update();
      tick();
    }, stepMs / controls.speed);
  };
  return { start: () => (stop(), tick()), stop };
}

/** The transport's reading of an engine: a step is a move; none past a refused one. */
export function engineSteps(engine: ReplayEngine): { total: number; unit: "move"; position(): number; canStep(): boolean } {
  return { total: engine.total, unit: "move", position: () => engine.position, canStep: () => !engine.broken };
}

/** Reveals that opened many cells at once (a flood), as marks under the scrubber. */
export function bigReveals(record: ReplayRecord, atLeast = 20): { at: number; label: string }[] {
  const e = new ReplayEngine(record);
  const out: { at: number; label: string }[] = [];
  const opened = () => {
    const s = e.session.state as MinesweeperState & RaceState;
    return e.race ? (s as RaceState).boards.reduce((n, b) => n + b.revealedCount, 0) : (s as MinesweeperState).revealedCount;
  };
  let before = opened();
  while (e.step()) {
    const now = opened();
    if (now - before >= atLeast) out.push({ at: e.position, label: `${now - before} cells opened at once` });
    before = now;
  }
  return out;
}

function modeName(r: ReplayRecord): string {
  return r.mode === "coop" ? "Co-op" : r.mode === "race" ? "Race" : r.source === "offline-verified" ? "Offline solo (verified)" : "Solo";
}

function levelName(c: MinesweeperConfig): string {
  return `${levelNameOf(c.level)} ${c.cols}×${c.rows} · ${c.mines} mines${c.noGuess ? " · no guess" : ""}`;
}

export async function mountReplay(host: HTMLElement, id: string, toLobby: () => void): Promise<PageHandle> {
  const frame = new PageFrame(`Replay #${id}`, toLobby, { id: "replay-page" });
  host.append(frame.el);
  const loading = h("p", { class: "loading", role: "status" }, "Loading the replay…");
  frame.body.append(loading);
  let record: ReplayRecord;
  try {
    record = await fetchReplay(id);
  } catch (e) {
    loading.replaceWith(
      h(
        "div",
        { class: "notice page-notice", role: "alert" },
        h("h2", {}, "Replay not available"),
        h("p", {}, e instanceof Error ? e.message : String(e)),
      ),
    );
    return {
      el: frame.el,
      snapshot: () => ({ page: "replay", ready: false, error: loading.textContent }),
      renderNow() {},
      resume() {},
      destroy: () => frame.el.remove(),
    };
  }
  loading.remove();
  if (record.game === "table") {
    // The card table has its own player (every hand shown, a step per event).
    const { mountTableReplay } = await import("../games/table/replay");
    return mountTableReplay(frame, record as unknown as Parameters<typeof mountTableReplay>[1]);
  }
  if (record.game === "pets") return (await import("../games/pets/replay")).mountPetsReplay(frame, record);
  if (record.game === "connect4") return (await import("../games/connect4/replay")).mountConnect4Replay(frame, record);
  if (record.game === "cubestacc") return (await import("../games/cubestacc/replay")).mountCubestaccReplay(frame, record);
  if (record.game !== "minesweeper") {
    frame.body.append(
      h("div", { class: "notice page-notice", role: "status" }, h("h2", {}, "No replay player for this game yet"), h("p", {}, "The game is stored and will play here once its replay player is written. Its result is in My games.")),
    );
    return { el: frame.el, snapshot: () => ({ page: "replay", ready: false }), renderNow() {}, resume() {}, destroy: () => frame.el.remove() };
  }
  const engine = new ReplayEngine(record);
  const raceSeats = engine.race ? record.seats.length : 1;
  let seat = 0;
  if (engine.race && record.summary) seat = record.summary.winner ?? record.summary.ranking?.[0] ?? 0;
  /** Playback clock (record time, ms). */
  let vt = engine.t0;
  let raf = 0;
  let lastFrame = 0;

  const who = engine.race
    ? record.seats.join(" vs ")
    : record.mode === "coop"
      ? record.seats.filter((name) => name !== "").join(", ")
      : record.seats[0] || "Player";
  const outcome =
    record.result === "won" ? (engine.race ? "won" : "cleared") : record.result === "lost" ? (engine.race ? "everyone out" : "lost") : record.result;
  frame.setSubtitle(
    `${modeName(record)} · ${levelName(record.config)} · ${who} · ${outcome}${record.timeMs ? ` in ${timeText(record.timeMs)}` : ""}`,
  );

  const feed = new SnapshotFeed({ seat: null, clock: () => vt });

  // ---- controls (client/ui/replayControls.ts) ----
  const seatSel = engine.race ? h("select", { id: "replay-seat", "aria-label": "Board of" }) : null;
  if (seatSel) {
    record.seats.forEach((name, i) => seatSel.append(h("option", { value: i, selected: i === seat }, name || `Racer ${i + 1}`)));
    seatSel.addEventListener("change", () => {
      seat = Number(seatSel.value);
      show();
    });
  }
  const controls = replayControls({
    ...engineSteps(engine),
    marks: bigReveals(record),
    speeds: SPEEDS,
    seek: seekTo,
    onPlaying: (on) => {
      cancelAnimationFrame(raf);
      if (on) {
        lastFrame = performance.now();
        raf = requestAnimationFrame(frameTick);
      }
      show();
    },
    posText,
    after: [seatSel ? h("label", { class: "replay-seat" }, "Board: ", seatSel) : null],
    announce: (t) => frame.announce(t),
  });
  frame.body.append(controls.el);
  const broken = h("p", { class: "page-error", role: "alert", hidden: true });
  frame.body.append(broken);

  const statsBox = h("section", { class: "ms-result replay-stats", "aria-labelledby": "replay-stats-h", id: "replay-stats" });

  const scene: MinesweeperScene = await mountBoard(frame.body, feed, {
    announce: (t) => frame.announce(t),
    noTools: true,
    label: "Replay board",
  });
  scene.setSide(statsBox);
  scene.root.classList.add("ms-docked");

  function frameTick(now: number): void {
    if (!controls.playing) return;
    const dt = Math.min(250, now - lastFrame); // a background tab does not jump ahead
    lastFrame = now;
    vt += dt * controls.speed;
    let moved = false;
    while (engine.position < engine.total && engine.timeOf(engine.position) <= vt) {
      if (!engine.step()) break;
      moved = true;
    }
    if (engine.position >= engine.total || engine.broken) {
      vt = engine.position > 0 ? engine.timeOf(engine.position - 1) : vt;
      controls.finish();
      return;
    }
    if (moved) show();
    else controls.update();
    raf = requestAnimationFrame(frameTick);
  }

  function seekTo(k: number): void {
    engine.seek(k);
    vt = engine.position > 0 ? engine.timeOf(engine.position - 1) : engine.t0;
    show();
  }

  function clockMs(): number {
    const start = engine.race ? ((engine.session.state as RaceState).goAt ?? engine.t0) : ((engine.session.state as MinesweeperState).startedAt ?? engine.t0);
    return Math.max(0, vt - start);
  }

  function posText(): string {
    const total = record.timeMs ?? Math.max(0, engine.tEnd - engine.t0);
    return `Move ${engine.position} / ${engine.total} · ${formatTime(clockMs())} / ${timeText(total)}`;
  }

  let lastStats = "";
  function show(): void {
    feed.publish(engine.board(seat));
    controls.update();
    const st = engine.stats(seat);
    const sig = JSON.stringify([st, engine.position, seat]);
    if (sig !== lastStats) {
      lastStats = sig;
      statsBox.replaceChildren(
        h("h2", { id: "replay-stats-h" }, engine.race ? `${record.seats[seat] || `Racer ${seat + 1}`}` : "Stats so far"),
        statsList(st as StatsLike, { time: false }),
        h("p", { class: "ms-result-note" }, record.ranked ? "Ranked game (on the leaderboard)." : record.source === "offline-verified" ? "Offline game, verified by the server (unranked)." : "Unranked game."),
      );
    }
    if (engine.broken) {
      broken.textContent = `This record stops replaying at move ${engine.broken.index + 1}: ${engine.broken.reason}`;
      broken.hidden = false;
    }
  }
  show();

  return {
    el: frame.el,
    snapshot: () => ({
      page: "replay",
      ready: true,
      ...scene.snapshot(),
      replay: {
        id: record.id,
        mode: record.mode,
        race: engine.race,
        seat,
        seats: raceSeats,
        position: engine.position,
        total: engine.total,
        playing: controls.playing,
        speed: controls.speed,
        done: engine.position >= engine.total,
        clockMs: clockMs(),
        broken: engine.broken,
        stats: engine.stats(seat),
        result: record.result,
      },
    }),
    cellCenter: (r, c) => scene.cellCenter(r, c),
    renderNow: () => scene.renderNow(),
    resume: () => scene.resume(),
    destroy: () => {
      controls.destroy();
      cancelAnimationFrame(raf);
      scene.destroy();
      frame.el.remove();
    },
  };
}
