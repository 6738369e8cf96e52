export { CubestaccRoom, FILTER_KEYS as CUBESTACC_FILTER_KEYS, parseOptions, playPayload } from "./CubestaccRoom.js";
export type { CubestaccOptions, CubestaccMode } from "./CubestaccRoom.js";
export { CubestaccState, CubestaccSeat, PrivateSeat, RankEntry } from "./CubestaccState.js";
