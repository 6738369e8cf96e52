// The peer for the load benchmark: co-op Minesweeper from common/minesweeper,
// wrapped as a boardgame.io 0.50 game. Every player may move at any time
// (ActivePlayers.ALL), like the hub's co-op room. G holds the rules state as
// plain arrays (boardgame.io state must be JSON); playerView projects it to the
// same view the hub patches (hidden mines never leave the server).

import type { Game } from "boardgame.io";
import { ActivePlayers, INVALID_MOVE } from "boardgame.io/core";
import { minesweeperRules } from "../../common/minesweeper/index.js";
import type { MinesweeperConfig, MinesweeperMove, MinesweeperState } from "../../common/minesweeper/types.js";
import type { Rng } from "../../common/core/rng.js";

/** Same board as the hub rooms of the benchmark. */
export const BOARD: MinesweeperConfig = { level: "custom", rows: 30, cols: 30, mines: 150 };
export const SEATS = 8;

interface PlainState extends Omit<MinesweeperState, "mines" | "adjacent" | "status" | "revealedBy"> {
  mines: number[] | null;
  adjacent: number[];
  status: number[];
  revealedBy: number[];
}

export interface BenchG {
  board: PlainState;
}

function toPlain(s: MinesweeperState): PlainState {
  return {
    ...s,
    mines: s.mines ? Array.from(s.mines) : null,
    adjacent: Array.from(s.adjacent),
    status: Array.from(s.status),
    revealedBy: Array.from(s.revealedBy),
  };
}

function fromPlain(p: PlainState): MinesweeperState {
  return {
    ...p,
    mines: p.mines ? Uint8Array.from(p.mines) : null,
    adjacent: Uint8Array.from(p.adjacent),
    status: Uint8Array.from(p.status),
    revealedBy: Uint8Array.from(p.revealedBy),
  };
}

/** An Rng over boardgame.io's random plugin (only a first reveal draws). */
function rngFrom(random: { Number(): number }): Rng {
  const float = () => random.Number();
  return {
    nextUint32: () => Math.floor(float() * 2 ** 32),
    nextSeed: () => Math.floor(float() * 2 ** 32),
    float,
    int: (n) => Math.floor(float() * n),
    shuffle<T>(items: T[]) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(float() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
    getState: () => ({ state: "0", inc: "1" }),
    setState: () => {},
  };
}

function play(type: MinesweeperMove["type"]) {
  return ({ G, playerID, random }: { G: BenchG; playerID: string; random: { Number(): number } }, r: number, c: number) => {
    const res = minesweeperRules.apply(fromPlain(G.board), Number(playerID), { type, r, c }, { rng: rngFrom(random), now: Date.now() });
    if (!res.ok) return INVALID_MOVE;
    return { board: toPlain(res.state) };
  };
}

/** What each client receives: the public view of the board (cell codes as in the hub's `cells`). */
export interface BenchView {
  cells: number[];
  flags: number;
  phase: string;
  rows: number;
  cols: number;
  mines: number;
  startedAt: number | null;
  endedAt: number | null;
}

export const MinesweeperCoop: Game<BenchG> = {
  name: "minesweeper",
  minPlayers: 2,
  maxPlayers: SEATS,
  // boardgame.io's own option to send JSON patches instead of the whole state on each update.
  deltaState: true,
  setup: ({ ctx }) => ({ board: toPlain(minesweeperRules.setup(1, BOARD, ctx.numPlayers)) }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    reveal: { move: play("reveal") as never, client: false },
    flag: { move: play("flag") as never, client: false },
  },
  playerView: ({ G }) => {
    const v = minesweeperRules.view(fromPlain(G.board), null);
    return { ...v, cells: Array.from(v.cells) } as unknown as BenchG;
  },
};
