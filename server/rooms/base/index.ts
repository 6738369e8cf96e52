export * from "./SeatedRoom.js";
export * from "./HubState.js";
export * from "./validate.js";
export * from "./errors.js";
export * from "./define.js";
export * from "./privateCodes.js";
export * from "./rateLimit.js";
