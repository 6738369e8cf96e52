export * from "./parts.js";
export * from "./TableRoomState.js";
