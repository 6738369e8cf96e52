// The game contract: everything a room, a client, a bot and the test kit need to
// know about one game, as plain data and pure functions (after boardgame.io's
// Game object: setup / moves / turn order as data / playerView / redacted log).
//
// A definition never sees a socket, a clock or an unseeded random source: time arrives as
// `now`, randomness as an injected Rng, and the same seed + config + seats + log
// always rebuild the same game (replay(), undo by replaying a prefix).
//
// `docs/adding-a-game.md` walks through writing one; `test/common/contract.test.ts`
// runs the contract kit over every definition in `common/games.ts`.

import type { Rng, RngState, Seed } from "./rng.js";
import type { ApplyResult, GameStatus, MoveContext, Rejection, Rules } from "./rules.js";
import type { Parsed } from "./payload.js";

/**
 * Who may act now, as data (boardgame.io's ActivePlayers, reduced to what our games use).
 * - one seat on turn: `{seats: [3], together: false}`
 * - several or all seats at once, each in secret (Auto Pets' shop) or each on its own
 *   board (Minesweeper race): `{seats: [0, 1, 2], together: true}`
 * - nobody (finished, or waiting for a move the room makes, like the race's go): `{seats: []}`
 * `anytime` names move types a seated player may send even when not listed (UH OH, Caught).
 */
export interface WhoActs {
  seats: readonly number[];
  together: boolean;
  anytime?: readonly string[];
  /** Server time the listed seats started waiting (turn timers count from here); null: untimed. */
  since?: number | null;
  /** A counter that changes whenever a new turn starts (an extra turn too): one timer per turn. */
  turn?: number;
}

/** Where a player points: a cell, row `r` and column `c` from 0; −1, −1 for nowhere. */
export interface Pointer {
  r: number;
  c: number;
}

/** A move as a message on the wire: its `type` is the message type, the rest its payload. */
export interface TypedMove {
  type: string;
}

/** What a bot may spend on one decision. */
export interface BotBudget {
  /** Randomness for this decision (seeded by the room; never an unseeded source). */
  rng: Rng;
  /** Wall-clock time the decision may take (ms); a pure bot reads it as a size hint. */
  ms: number;
  /** A level the game offers (e.g. "easy" | "normal"), or its default. */
  level: string;
  /**
   * Milliseconds since this decision began, injected by whoever runs the bot (a worker's
   * clock). A bot that searches "as deep as time allows" stops when it reaches `ms`;
   * absent, it searches to a fixed depth (common/ never reads a clock itself).
   */
  elapsed?: () => number;
}

/** A pure bot: the seat's own view in, one move (or nothing to do) out. */
export interface BotDef<V, M> {
  levels: readonly string[];
  /** Thinking time the room waits before playing the move (ms): [min, max]. */
  delayMs: readonly [number, number];
  /**
   * The move for `seat` (its view only: a bot knows what a player would), and the memory
   * it wants back next time (null if it keeps none). null move: nothing to do now.
   */
  choose(view: V, seat: number, memory: unknown, budget: BotBudget): { move: M | null; memory: unknown };
}

/** Long work a move needs done first (GameDef.prepare). */
export interface Preparation {
  /** Names the work (the rules take a prepared result only under this key). */
  key: string;
  /** Plain data: it crosses to a worker thread. */
  task: unknown;
  /** What the players read while it runs ("Making a board without guesses…"). */
  words: string;
  /** Answers in the work's words when it fails, runs too long, or too many run (default: the room's). */
  refusals?: { failed: string; slow: string; busy: string };
  /** Preparations one address may have running at once, this one included (default: the room's bound). */
  perAddress?: number;
}

/** The validated options of a room: what the rules get, and how the room is seated. */
export interface Configured<C> {
  config: C;
  /** Seats the game is played by (within `seats`). */
  seats: number;
  /** Mode shown in listings ("solo", "coop", "race", "online", ...). */
  mode: string;
  /** Seats the room fills with bots at creation (the highest seats). */
  bots: number;
  /** The fewest seats this room's game starts with; default the definition's `seats.min`. */
  minSeats?: number;
  /** Seconds per turn for the timer (0: none). Needs `timeoutMove`. */
  turnSeconds: number;
  /**
   * Seconds for a phase where several seats act at once (`together`, e.g. a secret arrange);
   * 0 or absent: none. When it runs out the room plays `timeoutMove` for every seat still listed.
   */
  togetherSeconds?: number;
  /** Bot strength (one of `bot.levels`); default: the last, strongest level. */
  botLevel?: string;
  /** Quick-play criteria: rooms with equal criteria meet. */
  criteria: Record<string, string | number | boolean>;
}

/** How a game is rated (common/rated.ts): one pool, or one per level when levels are different skills. */
export interface RatedSpec {
  /** Seats of a rated game: the queue fills up to `max`, starts at `min` after a wait. */
  seats: { min: number; max: number };
  /** Create options of a rated room (besides `seats`). */
  options: Record<string, string | number>;
  /** One pool per level (`<id>:<level>`, titled "<title> · <name>"), the level in the options as `level`. */
  levels?: readonly (readonly [level: string, name: string])[];
}

/** A profile's bests in a game: won games of `mode`, per level, the fastest and the best `stat`. */
export interface BestsSpec {
  mode: string;
  levels: readonly (readonly [level: string, name: string])[];
  /** A number in the record's stats (higher is better), and its name in a column's head. */
  stat: string;
  statName: string;
}

export interface GameDef<S, M extends TypedMove, E, C, V> {
  /** Room name and record id ("connect4"). */
  readonly id: string;
  /** Name a player reads ("Connect Four"). */
  readonly title: string;
  /** Seat range over every option. */
  readonly seats: { readonly min: number; readonly max: number };

  /** Room name when several definitions share one room (a variant played in its base game's rooms); default `id`. */
  readonly room?: string;
  /** Words for the game's own modes, beside the shared "solo" and "online" ("co-op", "arena run"). */
  readonly modeNames?: Readonly<Record<string, string>>;
  /** Words for the game's own room phases in listings, beside the shared stages ("racing"). */
  readonly phaseNames?: Readonly<Record<string, string>>;
  /** Rated play: common/rated.ts makes its pools from this (docs/ratings.md). */
  readonly rated?: RatedSpec;
  /** Personal bests a profile page shows (won games of one mode, per level). */
  readonly bests?: BestsSpec;

  /** Option sets the contract kit plays (each through `configure`); default [{}]. */
  readonly examples?: readonly Record<string, unknown>[];

  /** Untrusted room options → config, or a refusal whose message says what to send instead. */
  configure(options: Record<string, unknown>): Parsed<Configured<C>>;
  /** The initial state from a seed, a configured config and the seat count. */
  setup(seed: Seed, config: C, seats: number): S;
  /** One move by one seat. Pure: never mutates `state`; a rejection changes nothing. */
  apply(state: S, seat: number, move: M, ctx: MoveContext): ApplyResult<S, E>;
  status(state: S): GameStatus;
  /** How a finished game ended, in a word for records and end screens ("won", "draw"...); default "finished". */
  result?(state: S): string;
  /**
   * Each seat's 1-based final place once the game is finished (equal places tie): what a
   * history shows and a rating learns from. Games without an order of players omit it.
   */
  places?(state: S): number[];
  /** Who may act now (see WhoActs). */
  whoActs(state: S): WhoActs;
  /** What `viewer` sees (seat, or null: spectator): the single truth of the wire and the client. */
  view(state: S, viewer: number | null): V;
  /** The events `viewer` may receive of a move's events (hidden parts removed). */
  eventsFor(events: readonly E[], viewer: number | null): E[];

  /** Message types a player may send (room-made moves like `timeout` are not among them). */
  readonly moveTypes: readonly string[];
  /**
   * A player's message → a move, or `bad-payload` / `out-of-range` / `unknown-type`. Shape only:
   * the rules judge legality. With the room's `config`, ranges that depend on it (seats, board
   * size) are checked too; without it, against the largest any room allows.
   */
  parseMove(type: string, payload: unknown, config?: C): Parsed<M>;

  /** Every move `seat` may make now (the kit plays random games from these; bots may too). */
  legalMoves(state: S, seat: number): M[];
  /** The move the room makes when the turn timer of `seat` runs out (games with a timer). */
  timeoutMove?(state: S, seat: number): M | null;
  /** The move the room makes for a seat whose player left for good (the race: resign); null: none now. */
  leaveMove?(state: S, seat: number): M | null;
  /** Moves the room makes by itself when nobody may act (e.g. the race's go): [seat, move], or null. */
  roomMove?(state: S): { seat: number; move: M } | null;
  /**
   * `restart {}`: a seated player ends this game and starts the next at once (the running one is
   * recorded as abandoned). Why it may not now (a refusal in the game's words), or null to go
   * ahead; `state` is null before the first game. The client asks the same before it offers a
   * restart. Games without it have no `restart` message.
   */
  whyNoRestart?(state: S | null, mode: string): Rejection | null;
  /**
   * `cursor {r, c}`: where a seated player points, shown to the others as it moves. Not a move:
   * never in the move log nor the room log, and rate-limited apart from moves. The payload as a
   * pointer (`{r: -1, c: -1}`: nowhere), or a refusal (one in the game's words where it shows no
   * pointer). Games without it have no `cursor` message.
   */
  parseCursor?(payload: unknown, config: C): Parsed<Pointer>;
  bot?: BotDef<V, M>;
  /**
   * Long pure work `move` would do now (a no-guess board: up to a second), or null. The room
   * runs `work(task)` off its event loop first, then applies the move with the result
   * (`MoveContext.prepared`); `rng` is the game's generator state the move would start from.
   * A game with `prepare` has `work`.
   */
  prepare?(state: S, seat: number, move: M, rng: RngState): Preparation | null;
  /** Runs a preparation's task (on a worker thread): exactly what the rules would compute. Pure. */
  work?(task: unknown): unknown;
  /**
   * Hidden information, for the kit: another state `viewer` cannot tell from `state` (what is
   * private to others changed: other hands, the deck order, unseen mines), or null when there
   * is nothing hidden to change. Omit for games with no hidden information.
   */
  twin?(state: S, viewer: number | null, rng: Rng): S | null;
  /**
   * Hidden information, for the kit: moves by `seat` naming every id or index it could name
   * (its own things, everyone else's, hidden ones and ones that do not exist). What the rules
   * answer them must not tell `state` from a twin of it for that seat: a refusal never says
   * whether a hidden thing is there. Omit for games with nothing hidden to name.
   */
  probes?(state: S, seat: number): M[];
}

/** The definition's fields its game's `Rules` already holds (common/core/rules.ts). */
type RulesFields = "id" | "setup" | "apply" | "status" | "view";

/**
 * A definition around its game's Rules: `id`, `setup`, `apply`, `status` and `view` are the
 * rules' own (written once, in the game's rules.ts); `def` holds the rest, and overrides one of
 * them only where the definition does differ (Cubestacc deals for the seats that play). The
 * rules may take a narrower config than the room's (Auto Pets' rules ignore `arrange`).
 */
export function withRules<S, M extends TypedMove, E, C extends RC, V, RC = C>(
  rules: Rules<S, M, E, RC, V>,
  def: Omit<GameDef<S, M, E, C, V>, RulesFields> & Partial<Pick<GameDef<S, M, E, C, V>, RulesFields>>,
): GameDef<S, M, E, C, V> {
  return { id: rules.id, setup: rules.setup, apply: rules.apply, status: rules.status, view: rules.view, ...def };
}

/** Any definition, for registries and generic code. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameDef = GameDef<any, any, any, any, any>;

/** The room's own messages (docs/protocol.md "Messages"), beside each game's moves. */
export interface RoomPayloads {
  ready: { ready: boolean };
  start: Record<string, never>;
  addBot: Record<string, never>;
  removeBot: { seat: number };
  chat: { text: string };
  /** Games whose definition has `whyNoRestart`. */
  restart: Record<string, never>;
  /** Games whose definition has `parseCursor`. */
  cursor: Pointer;
  /** A tournament arena's game with a turn clock (server/rooms/game/berserk.ts): halve your turns, +1 for a win. */
  berserk: Record<string, never>;
}

/**
 * A game's payload map (message name → what a client sends, client/net/send.ts), checked
 * against its moves: every name is a move type and every payload that move without `type`
 * (moves only the room makes, like a timeout, have no entry). A renamed move field breaks it.
 */
export type PayloadsOf<M extends TypedMove, P extends { [K in keyof P]: K extends M["type"] ? Omit<Extract<M, { type: K }>, "type"> : never }> = P;

/** The message a client sends for `move`: `room.send(type, payload)`. */
export function moveMessage<M extends TypedMove>(move: M): { type: M["type"]; payload: Omit<M, "type"> } {
  const { type, ...payload } = move;
  return { type, payload };
}

/** A refusal for a message type the game does not have. */
export function unknownType(type: string, types: readonly string[]): { ok: false; error: Rejection } {
  return {
    ok: false,
    error: { code: "unknown-type", message: `Unknown move ${JSON.stringify(String(type).slice(0, 32))}: send one of ${types.join(", ")}.` },
  };
}

/** One seat on turn. */
export const onTurn = (seat: number, since: number | null = null, anytime?: readonly string[], turn?: number): WhoActs => ({ seats: [seat], together: false, since, anytime, turn });
/** Nobody acts. */
export const nobody: WhoActs = { seats: [], together: false };
