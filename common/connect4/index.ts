export * from "./rules.js";
export * from "./bot.js";
export * from "./game.js";
