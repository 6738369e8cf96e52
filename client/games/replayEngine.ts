// What every game's replay player shares: the stored game (GET /api/replays/:id), an engine
// that re-runs its log with the game's common/ rules one move at a time (seeking re-runs from
// the seed: no stored snapshots), the clock that steps it while the transport
// (ui/replayControls.ts) plays, and the transport's reading of it. Each game's replay.ts draws
// the engine's state; pages/replay.ts fetches the record and hands it to the game's player
// (its ClientGame entry's `replay`).
import type { Seed } from "../../common/core/rng";
import { GameSession } from "../../common/core/session";
import type { Rules } from "../../common/core/rules";
import { authHeaders } from "../net/profile";
import { replayControls, type ReplayControls, type ReplayMark } from "../ui/replayControls";
/** GET /api/replays/:id (docs/protocol.md, "Replays"). */
export interface ReplayRecord {
  id: number;
  game: string;
  /** The game's mode word ("solo", "coop", "race", "online"…). */
  mode: string;
  level: string;
  /** The game's config, as its definition's `configure` made it. */
  config: any;
  seed: Seed;
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
type AnyRules = Rules<any, any, any, any, any>;

/** Re-runs a record's log with a game's common/ rules, one move at a time. */
export class ReplayEngine {
  session!: AnySession;
  /** Moves applied so far. */
  position = 0;
  /** Index and reason of a move the rules refused (a corrupt record). */
  broken: { index: number; reason: string } | null = null;

  constructor(
    readonly record: ReplayRecord,
    private readonly rules: AnyRules,
  ) {
    this.reset();
  }

  get total(): number {
    return this.record.log.length;
  }

  private reset(): void {
    this.session = new GameSession(this.rules, this.record.seed, this.record.config, Math.max(1, this.record.seats.length));
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

  /** The game's state after the record's last move (the title's outcome), without moving this engine. */
  finalState<S>(): S {
    const end = new ReplayEngine(this.record, this.rules);
    end.seek(end.total);
    return end.session.state as S;
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

/**
 * The transport of a replay shown move by move on a clock (Connect Four, Cubestacc): seek
 * redraws, play steps every `stepMs` at the chosen speed, the position reads "Move k / n".
 */
export function movesTransport(
  engine: ReplayEngine,
  o: { draw: () => void; announce: (text: string) => void; marks: readonly ReplayMark[]; stepMs: number },
): { controls: ReplayControls; clock: { start(): void; stop(): void } } {
  const controls = replayControls({
    ...engineSteps(engine),
    speeds: [0.5, 1, 2, 4],
    seek: (k) => {
      engine.seek(k);
      o.draw();
    },
    onPlaying: (on) => (on ? clock.start() : clock.stop()),
    posText: () => `Move ${engine.position} / ${engine.total}`,
    announce: o.announce,
    marks: o.marks,
  });
  const clock = stepClock(engine, controls, o.draw, o.stepMs);
  return { controls, clock };
}
