export { connect4Parts } from "./parts.js";
export { Connect4Table } from "./Connect4Table.js";
