// The replay scrubber's big moments at a card table: where each turn begins (pure, so a
// test reads it without a browser).
import type { ReplayStep } from "../../../common/table/replay.js";

export function turnMarks(steps: readonly Pick<ReplayStep, "game">[]): { at: number; label: string }[] {
  return steps.flatMap((st, i) => {
    const prev = steps[i - 1]?.game.turn;
    const turn = st.game.turn;
    if (i === 0 || !prev || (turn.number === prev.number && turn.active === prev.active)) return [];
    return [{ at: i, label: `Turn ${turn.number}: ${st.game.players[turn.active]?.name || `Seat ${turn.active + 1}`}` }];
  });
}
