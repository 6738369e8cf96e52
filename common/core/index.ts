export * from "./rng.js";
export * from "./rules.js";
export * from "./session.js";
export * from "./payload.js";
export * from "./game.js";
export * from "./fastRng.js";
