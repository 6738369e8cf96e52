export { PetsTable } from "./PetsTable.js";
export { petsParts } from "./parts.js";
