// Auto Pets bots: the decision (decide.ts), the memory of what a seat saw (memory.ts), the
// arrangement (arrange.ts) and whole bot games (play.ts).

export * from "./decide.js";
export * from "./memory.js";
export * from "./arrange.js";
export * from "./play.js";
