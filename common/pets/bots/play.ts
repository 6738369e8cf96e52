// Plays whole games between bots (tests, the win-rate script and the benchmark use it).
// Each bot sees only viewGame(state, itsSeat) and its own memory.

import { petsRules } from "../rules.js";
import { toAct } from "../state.js";
import type { PetsMove, PetsState } from "../types.js";
import { viewGame } from "../view.js";
import { decide, type BotLevel } from "./decide.js";
import { newMemory, type BotMemory } from "./memory.js";

export interface BotGame {
  state: PetsState;
  log: { seat: number; move: PetsMove }[];
}

/** A full game with one bot level per seat; `rollouts` overrides every level's budget. */
export function playBots(seed: number, levels: BotLevel[], rollouts?: number): BotGame {
  const seats = levels.length;
  let s = petsRules.setup(seed, { seats }, seats);
  const memory: BotMemory[] = levels.map(() => newMemory(seats));
  const log: BotGame["log"] = [];
  for (let n = 0; s.phase !== "finished"; n++) {
    if (n > 2000) throw new Error(`bot game ${seed} did not end`);
    const seat = toAct(s)[0];
    const d = decide(viewGame(s, seat), memory[seat], levels[seat], (seed * 7919 + n) >>> 0, rollouts);
    memory[seat] = d.memory;
    const r = petsRules.apply(s, seat, d.move, { rng: null as never, now: 0 });
    if (!r.ok) throw new Error(`bot move ${JSON.stringify(d.move)} rejected: ${r.error.message}`);
    log.push({ seat, move: d.move });
    s = r.state;
  }
  return { state: s, log };
}
