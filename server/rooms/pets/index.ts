export { PetsTable, type PetsBattleWire } from "./PetsTable.js";
export { petsParts } from "./parts.js";
