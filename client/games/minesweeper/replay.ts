// Minesweeper's replay player (#/replay/ID of a Minesweeper game): solo and co-op re-run
// minesweeperRules, a race runs raceRules and shows one racer's board at a time (a board
// selector). The board is the game's own (mountBoard), fed the replay's snapshots; play runs
// on the record's own clock (moves at their recorded times), not a fixed step.
import { minesweeperRules, creditsBySeat } from "../../../common/minesweeper/rules";
import { raceRules, raceStats, viewRace, type RaceState } from "../../../common/minesweeper/race";
import { gameStats, type GameStats } from "../../../common/minesweeper/stats";
import type { MinesweeperConfig, MinesweeperState } from "../../../common/minesweeper/types";
import { h } from "../../ui/dom";
import { replayControls } from "../../ui/replayControls";
import type { PageFrame, PageHandle } from "../../pages/page";
import { engineSteps, ReplayEngine, SPEEDS, type ReplayRecord } from "../replayEngine";
import { levelName as levelNameOf } from "./levels";
import { mountBoard, type MinesweeperScene } from "./boardScene";
import { SnapshotFeed, snapshotOf, type BoardSnapshot } from "./local";
import { statsList, type StatsLike } from "./result";
import { formatTime } from "./hud";

/** "12.3 s", "1:02.3" */
function timeText(ms: number): string {
  return ms < 60_000 ? `${formatTime(ms)} s` : formatTime(ms);
}

/** A Minesweeper record's engine: the race's rules or the board's, and what a board shows now. */
export class MinesweeperReplay extends ReplayEngine {
  readonly race: boolean;

  constructor(record: ReplayRecord) {
    const known = withMode(record);
    const race = known.mode === "race" || record.log[0]?.move?.type === "go";
    super(known, race ? raceRules : minesweeperRules);
    this.race = race;
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

/** Reveals that opened many cells at once (a flood), as marks under the scrubber. */
export function bigReveals(record: ReplayRecord, atLeast = 20): { at: number; label: string }[] {
  const e = new MinesweeperReplay(record);
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

/** A record stored before rooms kept their mode has none: a race starts with go; a board played by several was co-op. */
function withMode(record: ReplayRecord): ReplayRecord {
  if (record.mode) return record;
  return { ...record, mode: record.log[0]?.move?.type === "go" ? "race" : record.seats.length > 1 ? "coop" : "solo" };
}

export async function mountMinesweeperReplay(frame: PageFrame, given: ReplayRecord): Promise<PageHandle> {
  const record = withMode(given);
  const engine = new MinesweeperReplay(record);
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

