// The client's side of the game registry (common/games.ts): for each game the lobby
// shows a card and its panels, and the room view loads its scene (one chunk per game).
// Adding a game is one entry here (docs/adding-a-game.md). Names come from the
// definitions; nothing else in the lobby names a game.
import { GAMES } from "../../common/games";
import { levelName } from "./minesweeper/levels";
import type { PublicRoom } from "../net/client";
import { cubestaccLobby } from "./cubestacc/lobby";
import { definitionLobby } from "../lobby/generic";
import { minesweeperLobby } from "./minesweeper/lobby";
import { tableLobby } from "./table/lobby";
import type { LobbyPanel } from "../lobby/panel";
import { petsLobby } from "./pets/lobby";
import type { MountGame, SeatFigure } from "./types";
import { tableSeatFigure } from "./table/seatFigure";
import { LeaderboardPanel } from "./minesweeper/leaderboard";
import { connect4Art, cubestaccArt, minesweeperArt, petsArt, tableArt } from "./art";

export interface ClientGame {
  /** Room name. */
  id: string;
  title: string;
  blurb: string;
  /** The room scene; absent: coming soon. */
  scene?: () => Promise<{ mount: MountGame }>;
  /** The game's lobby panels. */
  lobby?: LobbyPanel;
  /** The "Level" line of a live-room card. */
  describe?(room: PublicRoom): string;
  /** The tile's drawing (inline SVG markup, decorative). */
  art: string;
  /** The game's leaderboard panel, on its page (games that rank). */
  leaderboard?: () => { el: HTMLElement; show(): void };
  /** Its figure beside each name in the shell's seat list (games on the shared shell). */
  seatFigure?: SeatFigure;
}

const title = (id: string, fallback: string) => GAMES.find((g) => g.id === id)?.title ?? fallback;

export const CLIENT_GAMES: readonly ClientGame[] = [
  {
    id: "minesweeper",
    title: title("minesweeper", "Minesweeper"),
    blurb: "Classic levels solo, or clear one big board together.",
    scene: () => import("./minesweeper/room"),
    lobby: minesweeperLobby,
    describe: (r) => `${levelName(r.level)}${r.noGuess ? " · no guess" : ""}`,
    art: minesweeperArt,
    leaderboard: () => new LeaderboardPanel(),
  },
  { id: "cubestacc", title: title("cubestacc", "Cubestacc"), blurb: "Shed your hand of stacked cubes.", scene: () => import("./cubestacc/scene"), lobby: cubestaccLobby, art: cubestaccArt },
  { id: "connect4", title: title("connect4", "Connect Four"), blurb: "Four in a row wins: against a friend or the bot.", scene: () => import("./connect4/scene"), lobby: definitionLobby("connect4"), art: connect4Art },
  { id: "pets", title: title("pets", "Auto Pets"), blurb: "Shop, arrange in secret, battle: 2–8 players, bots or an arena run.", scene: () => import("./pets/scene"), lobby: petsLobby, art: petsArt },
  { id: "table", title: title("table", "Card table"), blurb: "A free-form table for any deck, 1–10 players or goldfish.", scene: () => import("./table/scene"), lobby: tableLobby, describe: (r) => String((r as unknown as { format?: string }).format ?? ""), art: tableArt, seatFigure: tableSeatFigure },
];

export function clientGame(id: string): ClientGame | undefined {
  return CLIENT_GAMES.find((g) => g.id === id);
}

export function gameName(id: string): string {
  return clientGame(id)?.title ?? id;
}
