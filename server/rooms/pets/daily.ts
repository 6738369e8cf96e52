// Auto Pets' daily challenge (docs/tournaments.md, "Daily challenges"): an arena run from the
// day's shop (the seed); its opponents are recorded teams, drawn as in any run. Runs rank by
// battles won, then trophies; a run left before the end ranks last.

import type { PetsMove, PetsRoomConfig, PetsState } from "../../../common/pets/index.js";
import type { DailyRule } from "../game/parts.js";

export const petsDaily: DailyRule<PetsState, PetsMove, PetsRoomConfig> = {
  options: { mode: "arena" },
  score(info, seat) {
    const s = info.state;
    if (info.result === "abandoned" || s.phase !== "finished") return { score: -1, text: "Left before the end" };
    const wins = s.wins[seat] ?? 0;
    const trophies = s.trophies[seat] ?? 0;
    return { score: wins * 100 + trophies, text: `${wins} ${wins === 1 ? "win" : "wins"}, ${trophies} ${trophies === 1 ? "trophy" : "trophies"}` };
  },
};
