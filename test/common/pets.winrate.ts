// Auto Pets bot strength and card balance. Not a test (it asserts nothing):
//   npx tsx test/common/pets.winrate.ts [games] [matchups] [balanceGames]
// matchups: comma list of a-b pairs (default hard-medium,medium-easy,hard-easy), 2 seats,
// seats alternate with the game number. A game's result counts 1 for a sole winner and
// 1/2 each for a shared win. 95% intervals are ±1.96·sqrt(p(1−p)/n).
// Balance: medium-vs-medium games; for every card, the mean result (win 1, draw 1/2,
// loss 0) of the battle sides that fielded it, minus 1/2, with the number of sides.

import { playBots, type BotLevel } from "../../common/pets/bots/index.js";
import { cardDef, CARDS } from "../../common/pets/index.js";

const games = Number(process.argv[2] ?? 500);
const matchups = (process.argv[3] ?? "hard-medium,medium-easy,hard-easy").split(",").map((m) => m.split("-") as [BotLevel, BotLevel]);
const balanceGames = Number(process.argv[4] ?? games);

const pct = (x: number) => (100 * x).toFixed(1);
for (const [a, b] of matchups) {
  let score = 0;
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    const aSeat = g % 2;
    const levels: BotLevel[] = aSeat === 0 ? [a, b] : [b, a];
    const { state } = playBots(1_000_003 * g + 41, levels);
    const w = state.winners!;
    if (w.includes(aSeat)) score += 1 / w.length;
    if ((g + 1) % 50 === 0 && g + 1 < games) console.log(`  … ${a} vs ${b}: ${pct(score / (g + 1))}% after ${g + 1} games`);
  }
  const p = score / games;
  const ci = 1.96 * Math.sqrt((p * (1 - p)) / games);
  console.log(`${a} vs ${b}: ${a} scores ${pct(p)}% ± ${pct(ci)} over ${games} games (${((performance.now() - started) / games).toFixed(0)} ms a game)`);
}

if (balanceGames > 0) {
  const sum = new Map<string, { n: number; r: number }>();
  let battles = 0;
  for (let g = 0; g < balanceGames; g++) {
    const { state } = playBots(7_000_019 * g + 3, ["medium", "medium"]);
    for (const b of state.battles) {
      battles++;
      for (const side of [0, 1] as const) {
        const result = b.winner === null ? 0.5 : b.winner === b.seats[side] ? 1 : 0;
        for (const k of new Set(b.lineups[side])) {
          if (cardDef(k).temporary) continue;
          const e = sum.get(k) ?? { n: 0, r: 0 };
          e.n++;
          e.r += result;
          sum.set(k, e);
        }
      }
    }
  }
  console.log(`\nBalance over ${balanceGames} medium-vs-medium games (${battles} battles): card | tier | sides fielding it | contribution (mean result − 50%) ± 95%`);
  console.log("| card | tier | sides | contribution |\n| --- | --- | --- | --- |");
  for (const c of CARDS) {
    const e = sum.get(c.key);
    if (!e || c.tier === 0) continue;
    const p = e.r / e.n;
    const ci = 1.96 * Math.sqrt(Math.max(p * (1 - p), 0.0625) / e.n);
    console.log(`| ${c.name} | ${c.tier} | ${e.n} | ${p >= 0.5 ? "+" : ""}${pct(p - 0.5)} ± ${pct(ci)} |`);
  }
}
