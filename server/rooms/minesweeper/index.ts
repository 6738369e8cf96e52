export { boardParts } from "./board.js";
export { raceParts } from "./race.js";
export type { BoardSession, RaceSession, MinesweeperRoom, RaceRoom, MinesweeperSettings } from "./rooms.js";
export type { MinesweeperMode } from "../../../common/minesweeper/game.js";
export { MinesweeperState, Cursor } from "./MinesweeperState.js";
export { RaceRoomState, RaceSeat, RaceBoard } from "./RaceState.js";
