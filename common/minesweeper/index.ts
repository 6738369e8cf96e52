export * from "./types.js";
export * from "./board.js";
export * from "./config.js";
export * from "./rules.js";
