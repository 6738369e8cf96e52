export { connect4Parts } from "./parts.js";
