export { MinesweeperRoom, FILTER_KEYS as MINESWEEPER_FILTER_KEYS } from "./MinesweeperRoom.js";
export { MinesweeperState, Cursor } from "./MinesweeperState.js";
