// Offline solo's game kept in localStorage between page loads (its seed, board and moves), so a
// reload, a closed tab or the phone restarting the page (with no network: the service worker
// serves it) brings the game back as it was. One game is kept: the last one played.
import { isSeed } from "../../../common/core/rng";
import type { MinesweeperConfig } from "../../../common/minesweeper/types";
import type { LocalGameSave } from "./local";

const KEY = "hub.offline.game";

interface Kept extends LocalGameSave {
  config: MinesweeperConfig;
}

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the game simply is not kept
  }
}

/** The same board: level, size, mines and no-guess. */
function sameBoard(a: MinesweeperConfig, b: MinesweeperConfig): boolean {
  return a.level === b.level && a.rows === b.rows && a.cols === b.cols && a.mines === b.mines && !!a.noGuess === !!b.noGuess;
}

/** The kept game, when it was played on `config`'s board. */
export function loadOfflineGame(config: MinesweeperConfig): LocalGameSave | null {
  try {
    const kept = JSON.parse(store()?.getItem(KEY) ?? "null") as Kept | null;
    if (!kept || !Array.isArray(kept.log) || !isSeed(kept.seed) || !kept.config || !sameBoard(kept.config, config)) return null;
    return { seed: kept.seed, log: kept.log };
  } catch {
    return null;
  }
}

export function saveOfflineGame(config: MinesweeperConfig, game: LocalGameSave): void {
  try {
    store()?.setItem(KEY, JSON.stringify({ ...game, config }));
  } catch {
    /* storage full or disabled: the game goes on, it is just not kept */
  }
}
