// The client's side of the game registry (common/games.ts): for each game the lobby
// shows a card and its panels, and the room view loads its scene (one chunk per game).
// Adding a game is one entry here (docs/adding-a-game.md). Names come from the
// definitions; nothing generic (lobby/, pages/, ui/, the shell) names a game: what they do
// differently for one comes from its entry (.dependency-cruiser.cjs checks the imports).
import { GAMES } from "../../common/games";
import { levelName } from "./minesweeper/levels";
import { cubestaccLobby } from "./cubestacc/lobby";
import { definitionLobby } from "../lobby/generic";
import { minesweeperLobby } from "./minesweeper/lobby";
import { tableLobby } from "./table/lobby";
import { petsLobby } from "./pets/lobby";
import type { ClientGame } from "./types";
import { tableSeatFigure, tableTurnSeat } from "./table/seatFigure";
import { formatName } from "./table/words";
import { LeaderboardPanel } from "./minesweeper/leaderboard";
import { minesweeperTile } from "./minesweeper/tile";
import { cubestaccTile } from "./cubestacc/tile";
import { connect4Tile } from "./connect4/tile";
import { petsTile } from "./pets/tile";
import { tableTile } from "./table/tile";
import { heartsTile } from "./hearts/tile";

const title = (id: string, fallback: string) => GAMES.find((g) => g.id === id)?.title ?? fallback;

export const CLIENT_GAMES: readonly ClientGame[] = [
  {
    id: "minesweeper",
    title: title("minesweeper", "Minesweeper"),
    blurb: "Classic levels solo, or clear one big board together.",
    scene: () => import("./minesweeper/scene"),
    lobby: minesweeperLobby,
    offline: async () => (await import("./minesweeper/offline")).mountOffline,
    describe: (r) => `${levelName(r.level)}${r.noGuess ? " · no guess" : ""}`,
    art: minesweeperTile,
    leaderboard: () => new LeaderboardPanel(),
    replay: async () => (await import("./minesweeper/replay")).mountMinesweeperReplay,
    rowTitle: (g, title) => `${title} ${g.mode === "race" ? "race" : g.mode === "coop" ? "co-op" : "solo"}${g.level ? ` · ${levelName(g.level)}` : ""}`,
    rowOutcome: (g) => (g.result === "won" ? `Cleared${g.timeMs ? ` in ${(g.timeMs / 1000).toFixed(1)} s` : ""}` : g.result === "lost" ? "Hit a mine" : undefined),
    // a race goes on without the one who leaves (the shared words cover solo and co-op)
    leaveConsequence: ({ mode, phase, seats, others }) =>
      mode === "race" && seats > 1 && others > 0 ? (phase === "racing" ? "You drop out of this race; the others race on." : "Your seat is given up; the others race without you.") : undefined,
  },
  {
    id: "cubestacc",
    title: title("cubestacc", "Cubestacc"),
    blurb: "Shed your hand of stacked cubes.",
    scene: () => import("./cubestacc/scene"),
    lobby: cubestaccLobby,
    art: cubestaccTile,
    replay: async () => (await import("./cubestacc/replay")).mountCubestaccReplay,
    // a bot plays a leaver's hand to the end of the game
    leaveConsequence: ({ mode, phase, others }) => {
      if (mode === "solo") return phase === "playing" ? "Your solo game ends and the table closes." : null;
      if (phase === "playing") return "A bot takes your seat and plays your hand for the rest of this game. You cannot come back to it.";
      return others > 0 ? "Your seat goes to the next person who joins." : "You are the only person here: the room closes.";
    },
    botTookSeat: (left, bot) => `${left} left the game. ${bot} plays their hand.`,
  },
  { id: "connect4", title: title("connect4", "Connect Four"), blurb: "Four in a row wins: against a friend or the bot.", scene: () => import("./connect4/scene"), lobby: definitionLobby("connect4"), art: connect4Tile, replay: async () => (await import("./connect4/replay")).mountConnect4Replay },
  { id: "pets", title: title("pets", "Auto Pets"), blurb: "Shop, arrange in secret, watch the battle: 2–8 players, bots, or an arena run.", scene: () => import("./pets/scene"), lobby: petsLobby, art: petsTile, replay: async () => (await import("./pets/replay")).mountPetsReplay, rowTitle: (g, title) => (g.mode === "arena" ? `${title} · arena run` : undefined) },
  {
    id: "table",
    title: title("table", "Card table"),
    blurb: "A free-form table for any deck, 1–10 players or goldfish.",
    scene: () => import("./table/scene"),
    lobby: tableLobby,
    describe: (r) => formatName(String((r as unknown as { format?: string }).format ?? "")),
    art: tableTile,
    seatFigure: tableSeatFigure,
    turnSeat: tableTurnSeat,
    // its own player: every hand shown, a step per event
    replay: async () => {
      const { mountTableReplay } = await import("./table/replay");
      return (frame, record) => mountTableReplay(frame, record as unknown as Parameters<typeof mountTableReplay>[1]);
    },
  },
  { id: "hearts", title: title("hearts", "Hearts"), blurb: "Pass three, follow suit, dodge the hearts and the Q♠: 4 players or bots.", scene: () => import("./hearts/scene"), lobby: definitionLobby("hearts"), art: heartsTile, replay: async () => (await import("./hearts/replay")).mountHeartsReplay },
];

export type { ClientGame };

export function clientGame(id: string): ClientGame | undefined {
  return CLIENT_GAMES.find((g) => g.id === id);
}

export function gameName(id: string): string {
  return clientGame(id)?.title ?? id;
}

/** The definitions played in a room name (a variant shares its base game's rooms). */
function defsOf(game: string) {
  return GAMES.filter((g) => (g.room ?? g.id) === game);
}

/** The modes every game shares, in words. */
const SHARED_MODES: Record<string, string> = { solo: "solo", online: "online" };

/** A room's mode in words ("co-op", "arena run"): the game's own (GameDef.modeNames), else the shared ones, else the code. */
export function modeWord(game: string, mode: string): string {
  for (const d of defsOf(game)) if (d.modeNames && Object.hasOwn(d.modeNames, mode)) return d.modeNames[mode];
  return SHARED_MODES[mode] ?? mode;
}

/** The stages of every room, in words. */
const SHARED_PHASES: Record<string, string> = { waiting: "waiting for players", countdown: "starting", playing: "playing", finished: "over" };

/** A room's phase in words: the shared stages, else the game's own (GameDef.phaseNames); "" when unknown. */
export function phaseWord(game: string, phase: string): string {
  if (Object.hasOwn(SHARED_PHASES, phase)) return SHARED_PHASES[phase];
  for (const d of defsOf(game)) if (d.phaseNames && Object.hasOwn(d.phaseNames, phase)) return d.phaseNames[phase];
  return "";
}
