export { heartsParts } from "./parts.js";
