export * from "./cards.js";
export * from "./rules.js";
export * from "./bots.js";
export * from "./game.js";
export * from "./wire.js";
