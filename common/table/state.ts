// The card table's state, moves and view types (apart from game.ts so that twin.ts, replay.ts
// and wire.ts can name them without importing the definition that imports them).

import type { Seed } from "../core/rng.js";
import type { Action } from "./catalogue.js";
import type { ResolvedCards } from "./cards.js";
import type { Deck, DeckReport } from "./deck.js";
import type { TableLog } from "./log.js";
import type { LogLine } from "./logline.js";
import type { Format, TableGame } from "./types.js";
import type { TableView } from "./visibility.js";
import type { EndVote } from "./votes.js";
export const TABLE_MODES = ["online", "solo"] as const;
/** The name of the seat the table plays by itself. */
export const SPARRING_NAME = "Sparring partner";
/** Log lines the full view carries (the seed sends the last 500; older ones stay in the stored game and its replay). */
export const LOG_KEPT = 500;
export const MAX_DECKLIST_CHARS = 20_000;
/** A room message is at most 1 KB: a decklist travels in pieces of at most this many characters. */
export const DECK_PIECE_CHARS = 800;

export interface TableRoomConfig {
  format: Format;
  mode: (typeof TABLE_MODES)[number];
  /**
   * "random": card ids drawn from the game's id stream (every room made now). Absent in the
   * stored config of a room or record made before: its ids were serial, and its log (which
   * names cards by id) replays only with those.
   */
  ids?: "random";
  /**
   * "agreed": ending the game, and who won, needs every player still in it (every room made
   * now). Absent in older stored configs: any player ended it alone then, and their logs replay so.
   */
  ending?: "agreed";
  /**
   * A checked game: a deck whose size, commanders or copies break the format's construction
   * rules (common/table/checks.ts) is refused. Unchecked (absent), the same warnings only warn.
   */
  checks?: true;
  /** Practice against a sparring partner (solo): one more seat, after the player's, played by the table. */
  sparring?: true;
}

export type TableMove =
  /**
   * A decklist ("" for the built-in deck), or a piece of one starting at character `at` (0 starts
   * over); `more`: the rest follows. `name`: the player's name for the log and the table (the room
   * checks it is the seat's own name), so log lines and replays name people, not seats.
   */
  | { type: "deck"; text: string; at?: number; more?: true; name?: string; cards?: ResolvedCards; sparring?: true }
  | { type: "act"; action: Action }
  | { type: "goOn"; player: number }
  /** Proposes to end the game with these winners (game seats; none: nobody won). */
  | { type: "proposeEnd"; winners: number[] }
  /** Agrees to the open proposal, or refuses it (the proposer: withdraws it). */
  | { type: "answerEnd"; agree: boolean };

/** One event's log line for every viewer: seats by index, the spectator last. */
export interface TableOut {
  seq: number;
  lines: LogLine[];
}

export interface TableState {
  seed: Seed;
  config: TableRoomConfig;
  seats: number;
  /** Decklists chosen so far (null: not yet; "standard": the built-in deck); the deal happens when none is null. */
  decks: (Deck | "standard" | null)[];
  /** Decklist pieces received so far per seat (a decklist is sent in pieces of DECK_PIECE_CHARS). */
  pieces: string[];
  /** Names given with the decks ("" : none given; the deal then says "Player N"). */
  names: string[];
  /** Per seat: what its decklist import found in the card data (null: none imported). Only that seat sees it. */
  reports?: (DeckReport | null)[];
  game: TableGame | null;
  log: TableLog | null;
  /** The last LOG_KEPT events' lines for every viewer. */
  lines: TableOut[];
  /** Per player: the seats that voted to go on while that player is away. */
  goOn: number[][];
  /** The proposal to end the game (open, or refused until the next action), or null. */
  endVote: EndVote | null;
  /** The sparring partner's deck (absent: its built-in one), chosen before the player's own. */
  sparringDeck?: Deck;
}

export interface TableGameView {
  stage: "decks" | "table";
  /** Which seats have chosen a deck. */
  decks: boolean[];
  table: TableView | null;
  lines: LogLine[];
  goOn: number[][];
  /** The proposal to end the game, public: everyone sees what is proposed and who agreed. */
  endVote: EndVote | null;
  /** The viewer's own deck import: what was found in the card data, and the deck check's warnings. */
  report?: DeckReport;
  /** Decks are checked against the format (blocking warnings refuse a deck). */
  checks?: true;
  /** A sparring partner plays the seat after the player's (its deck may be sent first). */
  sparring?: true;
}
