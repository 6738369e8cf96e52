// Feeds that run the common/ rules in the browser (no server):
//   SnapshotFeed  a board published as plain snapshots; each publish sends the
//                 scene only the cells whose code changed
//   LocalFeed     offline solo: a GameSession with a crypto-random seed and the
//                 browser's Date.now clock, injected into the pure rules
//   (replays drive a SnapshotFeed from client/replay/)
import { seedFromBytes, type Seed } from "../../../common/core/rng";
import { GameSession } from "../../../common/core/session";
import { minesweeperRules } from "../../../common/minesweeper/rules";
import { gameStats, type GameStats } from "../../../common/minesweeper/stats";
import type {
  MinesweeperConfig,
  MinesweeperEvent,
  MinesweeperMove,
  MinesweeperState,
  MinesweeperView,
} from "../../../common/minesweeper/types";
import { toast } from "../../ui/toast";
import type { Send } from "../../net/send";
import type { MinesweeperPayloads } from "../../../common/minesweeper/game";
import type { BoardSink, BoardStateLike, MinesweeperFeed } from "./feed";

export type MinesweeperSession = GameSession<MinesweeperState, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>;

/** A plain board snapshot (what a SnapshotFeed publishes). */
/** A board built in the browser: the state shape, written as it is built (the room's is read-only). */
export type BoardSnapshot = { -readonly [K in keyof BoardStateLike]: BoardStateLike[K] } & { cells: Uint8Array };

/** A seed from the browser's CSPRNG: 128 random bits (common/core/rng.ts, `Seed`). */
export function randomSeed(): string {
  return seedFromBytes(crypto.getRandomValues(new Uint8Array(16)));
}

/** A rules view as a state-like snapshot. */
export function snapshotOf(view: MinesweeperView, extra: Partial<BoardSnapshot> = {}): BoardSnapshot {
  const ended = view.phase === "won" || view.phase === "lost";
  return {
    rows: view.rows,
    cols: view.cols,
    mines: view.mines,
    phase: view.phase,
    cells: view.cells,
    flags: view.flags,
    noGuess: view.noGuess,
    startedAt: view.startedAt ?? 0,
    endedAt: view.endedAt ?? 0,
    elapsed: ended && view.startedAt !== null && view.endedAt !== null ? view.endedAt - view.startedAt : 0,
    ...extra,
  };
}

/** Publishes snapshots to the scene; only changed cells are sent after the first one. */
export class SnapshotFeed implements MinesweeperFeed {
  protected current: BoardSnapshot | null = null;
  private shown: Uint8Array | null = null;
  private sinks = new Set<BoardSink>();

  constructor(
    private readonly viewer: { seat: number | null; clock: () => number; send?: (type: string, payload: unknown) => boolean },
  ) {}

  state(): BoardStateLike | null {
    return this.current;
  }
  cells(): ArrayLike<number> | null {
    return this.current?.cells ?? null;
  }
  seat(): number | null {
    return this.viewer.seat;
  }
  spectator(): boolean {
    return this.viewer.seat === null;
  }
  connected(): boolean {
    return this.viewer.seat !== null;
  }
  now(): number {
    return this.viewer.clock();
  }
  readonly send: Send<MinesweeperPayloads> = (type, payload) => this.viewer.send?.(type, payload) ?? false;

  attach(sink: BoardSink): () => void {
    this.sinks.add(sink);
    if (this.current) sink.refresh();
    return () => this.sinks.delete(sink);
  }

  /** Shows `next`; sends the scene only what changed. */
  publish(next: BoardSnapshot): void {
    const prev = this.shown;
    this.current = next;
    const sameSize = prev !== null && prev.length === next.cells.length;
    for (const sink of this.sinks) {
      sink.scalars(next);
      if (!sameSize) sink.cells(next.cells);
      else {
        const changed: number[] = [];
        for (let i = 0; i < next.cells.length; i++) if (next.cells[i] !== prev![i]) changed.push(i);
        if (changed.length) sink.cellList(changed, next.cells);
      }
      sink.seats(next);
    }
    this.shown = next.cells.slice();
  }

  /** The viewer's connection or seat changed. */
  notifyStatus(): void {
    for (const sink of this.sinks) sink.status();
  }

  event(e: Record<string, unknown>): void {
    for (const sink of this.sinks) sink.event(e);
  }
}

export interface LocalGameResult {
  phase: "won" | "lost";
  seed: Seed;
  config: MinesweeperConfig;
  /** The log as the server wants it: {move, t} with the browser's clock. */
  log: { move: MinesweeperMove; t: number }[];
  timeMs: number;
  stats: GameStats;
}

/** A game of offline solo as it is kept between page loads: its seed and its moves. */
export interface LocalGameSave {
  seed: Seed;
  log: { move: MinesweeperMove; t: number }[];
}

/** Offline solo: the whole game runs here with the common/ rules. */
export class LocalFeed extends SnapshotFeed {
  game: MinesweeperSession;

  /** `saved`: a game to go on with (its moves replayed by the rules); a new board otherwise. */
  constructor(
    public config: MinesweeperConfig,
    private readonly hooks: { onEnd?(result: LocalGameResult): void; onRestart?(): void; onMove?(): void } = {},
    saved?: LocalGameSave | null,
  ) {
    super({ seat: 0, clock: () => Date.now(), send: (type, payload) => this.intent(type, payload) });
    this.game = (saved && replayed(config, saved)) || new GameSession(minesweeperRules, randomSeed(), config, 1);
    this.show();
  }

  /** This game as it is kept between page loads. */
  save(): LocalGameSave {
    return { seed: this.game.seed, log: this.game.log.map(({ move, t }) => ({ move, t })) };
  }

  /** A game that came back over: says so (its result card) as when it ended. */
  endIfOver(): void {
    const s = this.game.state;
    if (s.phase === "won" || s.phase === "lost") this.ended();
  }

  /** A new board (new seed), optionally of another size. */
  restart(config: MinesweeperConfig = this.config): void {
    this.config = config;
    this.game = new GameSession(minesweeperRules, randomSeed(), config, 1);
    this.show();
    this.event({ kind: "restart" });
    this.hooks.onRestart?.();
  }

  private show(): void {
    this.publish(snapshotOf(this.game.view(0), { mode: "offline", level: this.config.level, maxSeats: 1 }));
  }

  private intent(type: string, payload: unknown): boolean {
    if (type === "restart") {
      this.restart();
      return true;
    }
    if (type !== "reveal" && type !== "flag" && type !== "chord") return true; // cursor etc.: nothing to do alone
    const { r, c } = payload as { r: number; c: number };
    const result = this.game.apply(0, { type, r, c }, Date.now());
    if (!result.ok) {
      toast(result.error.message, "error");
      return true;
    }
    this.show();
    for (const e of result.events) this.event(e as unknown as Record<string, unknown>);
    this.hooks.onMove?.();
    this.endIfOver();
    return true;
  }

  private ended(): void {
    const s = this.game.state;
    if (s.phase !== "won" && s.phase !== "lost") return;
    const stats = gameStats(s, this.game.log);
    this.hooks.onEnd?.({
      phase: s.phase,
      seed: this.game.seed,
      config: this.config,
      log: this.game.log.map(({ move, t }) => ({ move, t })),
      timeMs: stats.timeMs,
      stats,
    });
  }
}

/** The kept game replayed by the rules, or null when any of its moves no longer applies. */
function replayed(config: MinesweeperConfig, saved: LocalGameSave): MinesweeperSession | null {
  try {
    const game = new GameSession(minesweeperRules, saved.seed, config, 1);
    for (const m of saved.log) if (!game.apply(0, m.move, m.t).ok) return null;
    return game;
  } catch {
    return null;
  }
}
