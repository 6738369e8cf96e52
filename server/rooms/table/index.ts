export * from "./parts.js";
