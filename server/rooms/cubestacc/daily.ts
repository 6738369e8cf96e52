// Cubestacc's daily challenge (docs/tournaments.md, "Daily challenges"): the day's deal, solo
// against three bots. Games rank by place, then by the fewest cubes left in hand; a game left
// before the end ranks last.

import type { CubestaccConfig, CubestaccMove, CubestaccState } from "../../../common/cubestacc/index.js";
import type { DailyRule } from "../game/parts.js";

const ordinal = (n: number) => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`;

export const cubestaccDaily: DailyRule<CubestaccState, CubestaccMove, CubestaccConfig> = {
  options: { mode: "solo", bots: 3 },
  score(info, seat) {
    const s = info.state;
    const mine = info.result === "abandoned" ? undefined : s.ranking?.find((r) => r.seat === seat);
    if (!mine) return { score: -1, text: "Left before the end" };
    // place first (5 seats at most), then fewer cubes (never 1,000 in a hand)
    return { score: (10 - mine.place) * 1000 - mine.cards, text: mine.place === 1 ? "Won the deal" : `${ordinal(mine.place)}, ${mine.cards} ${mine.cards === 1 ? "cube" : "cubes"} left` };
  },
};
