export { MinesweeperRoom, FILTER_KEYS as MINESWEEPER_FILTER_KEYS, type BoardSession, type RaceSession } from "./MinesweeperRoom.js";
export { MinesweeperState, Cursor } from "./MinesweeperState.js";
export { RaceRoomState, RaceSeat, RaceBoard } from "./RaceState.js";
export type { MinesweeperSettings, MinesweeperMode } from "./MinesweeperRoom.js";
