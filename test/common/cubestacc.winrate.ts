// Prints how often the "normal" Cubestacc bot beats the "easy" one.
// Not a test (it asserts nothing): `npx tsx test/common/cubestacc.winrate.ts [games] [seats]`.
// Two players by default; the normal bot's seat rotates with the game number
// (seat 0 in even games, seat 1 in odd ones with 2 players), so with 2 players
// each level starts half of the games (seat 0 starts). Baseline: 1 / seats.

import { runGame } from "./cubestacc.helpers.js";

const games = Number(process.argv[2] ?? 1000);
const seats = Number(process.argv[3] ?? 2);
let normalWins = 0;
let blocked = 0;
let moves = 0;
const started = performance.now();
for (let g = 0; g < games; g++) {
  const normalSeat = g % seats;
  const levels = Array.from({ length: seats }, (_, s) => (s === normalSeat ? "normal" : "easy") as "normal" | "easy");
  const session = runGame({ seed: 1_000_003 * g + 17, seats, levels, botSeed: g });
  if (session.state.winner === normalSeat) normalWins++;
  if (session.state.blocked) blocked++;
  moves += session.log.length;
}
const ms = performance.now() - started;
const rate = normalWins / games;
const se = Math.sqrt((rate * (1 - rate)) / games);
console.log(`${games} games, ${seats} seats (1 normal vs ${seats - 1} easy, rotating seats; even odds ${(100 / seats).toFixed(1)}%)`);
console.log(`normal wins ${normalWins}/${games} = ${(100 * rate).toFixed(1)}% ± ${(196 * se).toFixed(1)} (95%)`);
console.log(`blocked games ${blocked}, average ${(moves / games).toFixed(1)} moves, ${(ms / games).toFixed(2)} ms per game`);
