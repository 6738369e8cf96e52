export { Connect4Table, connect4Parts } from "./parts.js";
