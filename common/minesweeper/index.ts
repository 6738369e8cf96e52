export * from "./types.js";
export * from "./board.js";
export * from "./config.js";
export * from "./rules.js";
export * from "./stats.js";
export * from "./race.js";
export * from "./verify.js";
export * from "./game.js";
