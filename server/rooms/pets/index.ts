export { petsParts } from "./parts.js";
export { toWire, type PetsEventKinded, type PetsEventWire } from "./events.js";
