export { cubestaccParts } from "./parts.js";
export type { CubestaccRoom } from "./parts.js";
export type { CubestaccOptions, CubestaccMode } from "../../../common/cubestacc/index.js";
export { CubestaccState, CubestaccSeat, PrivateSeat, RankEntry } from "./CubestaccState.js";
