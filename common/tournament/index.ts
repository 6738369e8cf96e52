// Tournaments (docs/tournaments.md): the pure core. Arena and Swiss states are plain data (the
// store's rows); everything else is derived from them.
export * from "./arena.js";
export * from "./swiss.js";
export * from "./matching.js";
