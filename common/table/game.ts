// The card table as a game of the hub (common/core/game.ts): a deck stage, then the engine.
//
// The room starts a game once its seats are taken; each seat then sends its decklist (`deck
// {text}`, "" for the built-in 52-card deck) and the deal happens when every seat has one, so
// the decks are part of the move log and a stored game replays from seed + moves alone.
// After the deal every intention (`act {action}`) goes through the table's log (`play`), which
// gives undo / redo / restart. Engine events carry seeds and hidden ids: they never leave this
// module; what travels is each viewer's log line (`eventsFor`) and view (`view`).
// The table's two votes (votes.ts): `goOn {player}` to go on with actions touching an absent
// player's hidden zones (the room decides who is absent; see `frozenBy`), and the end of the
// game: `proposeEnd {winners}` (an `act endGame` from a player is one too), `answerEnd {agree}`;
// it ends when every player still in it agreed, or by itself when everyone else conceded.

import { createRng, type Rng } from "../core/rng.js";
import type { ApplyResult, Prepared } from "../core/rules.js";
import { unknownType, type GameDef, type PayloadsOf, type Preparation, type WhoActs } from "../core/game.js";
import { fail, intIn, objectWith, ok, type Parsed } from "../core/payload.js";
import { isSessionAction, parseAction, type Action } from "./catalogue.js";
import type { ResolvedCards } from "./cards.js";
import { blocks, checkDeck, warningWords } from "./checks.js";
import { parseDecklist, type Deck, type DeckReport } from "./deck.js";
import { FORMATS } from "./format.js";
import type { TableEvent } from "./events.js";
import { createLog, play, playForTable, type Played, type TableLog } from "./log.js";
import { logLine, type LogLine } from "./logline.js";
import { NEEDS_AGREEMENT, permission, stillIn, touchesHiddenOf } from "./resolve.js";
import { DEAL_WORK, deckDigest, dealKey, dealPreparation, dealWork, unpackDeal, type DealTask, type PackedDeal } from "./deal.js";
import { setupTable, type TableConfig } from "./setup.js";
import { playSparringTurn, sparringDeck, sparringToAct } from "./sparring.js";
import { tableProbes, tableTwin } from "./twin.js";
import { MAX_PLAYERS, zoneKey, type Format, type TableGame } from "./types.js";
import { viewTable, type TableView } from "./visibility.js";

export * from "./state.js";
import { DECK_PIECE_CHARS, LOG_KEPT, MAX_DECKLIST_CHARS, SPARRING_NAME, TABLE_MODES, type TableGameView, type TableMove, type TableOut, type TableRoomConfig, type TableState } from "./state.js";
import { answer, endCarried, goOnCarried, isOpen, propose, withVote, type EndVote } from "./votes.js";


const spectatorIndex = (s: TableState) => s.seats;

function lineIndex(s: TableState, viewer: number | null): number {
  return viewer === null || viewer < 0 || viewer >= s.seats ? spectatorIndex(s) : viewer;
}

/** The log with fresh containers, so `play` (which appends) never touches the old state's log. */
function forkLog(l: TableLog): TableLog {
  return { ...l, events: l.events.slice(), snapshots: { ...l.snapshots }, intents: { ...l.intents }, redo: l.redo.slice() };
}

/**
 * The absent players whose hidden zones `action` by `seat` touches and for whom the table has
 * not voted to go on (a majority of the players present). Empty: the action may go ahead.
 */
export function frozenBy(s: TableState, seat: number, action: Action, away: readonly number[]): number[] {
  if (!s.game || !away.length) return [];
  // What the table refuses anyway is refused as such (a card the seat cannot see: no card), never
  // "frozen": that answer would tell which ids are in an absent player's hand.
  if (permission(s.game, seat, action)) return [];
  return touchesHiddenOf(s.game, seat, action).filter((p) => away.includes(p) && !goOnCarried(s.goOn[p], away, s.seats));
}

function parseDeck(text: string, config: TableRoomConfig, cards?: ResolvedCards): Parsed<{ deck: Deck; report: DeckReport } | null> {
  if (text.trim() === "") return ok(null);
  const r = parseDecklist(text, cards);
  if (r.ok) {
    const warnings = checkDeck(r.deck, config.format);
    const blocking = warnings.filter(blocks);
    if (config.checks && blocking.length) return fail("deck-check", `This table checks decks against ${config.format} rules: ${blocking.slice(0, 4).map(warningWords).join(" ")}${blocking.length > 4 ? ` (and ${blocking.length - 4} more)` : ""} Fix the list and import again.`);
    return ok({ deck: r.deck, report: { ...r.report, ...(warnings.length ? { warnings } : {}) } });
  }
  const first = r.errors.slice(0, 3).map((e) => `line ${e.line}: ${e.message}`);
  return fail("bad-decklist", `The decklist has ${r.errors.length} line(s) it cannot read (${first.join("; ")}). Fix them and import again.`);
}

/** A seat name (16 characters at the room, up to 64 UTF-16 units with emoji). */
export const MAX_NAME_CHARS = 64;

/** The names the table uses: "Player N" where none was given; two alike told apart by their seat. */
export function tableNames(given: readonly string[]): string[] {
  const names = given.map((n, i) => n || `Player ${i + 1}`);
  return names.map((n, i) => (names.filter((x) => x === n).length > 1 ? `${n} ${i + 1}` : n));
}

/** What setupTable deals `s`'s decks with (every seat has chosen one). */
function dealTask(s: TableState): DealTask {
  // A seat without a deck of its own gets the built-in one (setupTable's default).
  const chosen = s.decks.map((d) => (d === "standard" || d === null ? undefined : d)) as Deck[];
  const partner = s.config.sparring ? 1 : 0;
  if (partner) chosen.push(s.sparringDeck ?? sparringDeck());
  const names = [...tableNames(s.names), ...(partner ? [SPARRING_NAME] : [])];
  const config: TableConfig = { format: s.config.format, decks: chosen, names, ids: s.config.ids ?? "sequential", options: { ending: s.config.ending ?? "declared" }, ...(partner ? { sparring: [s.seats] } : {}) };
  return { seed: s.seed, config, seats: s.seats + partner };
}

const cannotDeal = (message: string) => fail("bad-decklist", `The decks cannot be dealt: ${message}. Import a smaller deck.`);

/** The deal: made on a worker thread beforehand when it is big (`prepared`: deal.ts), else here. */
function deal(s: TableState, prepared?: Prepared): Parsed<TableState> {
  const task = dealTask(s);
  let game: TableGame;
  const packed = prepared?.key.startsWith(DEAL_WORK) && prepared.key === dealKey(task) ? (prepared.result as PackedDeal) : null;
  if (packed && "error" in packed) return cannotDeal(packed.error);
  if (packed) game = unpackDeal(packed);
  else {
    try {
      game = setupTable(task.seed, task.config, task.seats);
    } catch (e) {
      return cannotDeal((e as Error).message);
    }
  }
  return ok({ ...s, game, log: createLog(game, s.config.mode === "solo" ? "unlimited" : "lastOwn") });
}

const done = (state: TableState, events: TableOut[] = []): ApplyResult<TableState, TableOut> => ({ ok: true, state, events });

/**
 * A last deck piece's list, parsed once per move: a big deal asks for the move's deal first
 * (prepareTable, on the event loop) and then applies the same move with it, and the parse
 * (and the deck's digest in the deal's key, kept by the deck object: deal.ts) is not made again.
 */
const parses = new WeakMap<object, { text: string; config: TableRoomConfig; parsed: ReturnType<typeof parseDeck> }>();
function parsedDeck(move: Extract<TableMove, { type: "deck" }>, text: string, config: TableRoomConfig): ReturnType<typeof parseDeck> {
  const known = parses.get(move);
  if (known && known.text === text && known.config === config) return known.parsed;
  const parsed = parseDeck(text, config, move.cards);
  parses.set(move, { text, config, parsed });
  return parsed;
}

/** A deck move up to the deal: the state with the deck taken, and whether every seat now has one (the deal is next). */
function deckStep(s: TableState, seat: number, move: Extract<TableMove, { type: "deck" }>): Parsed<{ state: TableState; deals: boolean }> {
  if (s.game) return fail("already-dealt", "The cards are dealt: decks change only in a new game.");
  if (s.decks[seat] !== null) return fail("deck-chosen", "You already chose your deck; wait for the others.");
  const at = move.at ?? 0;
  if (at !== 0 && at !== s.pieces[seat].length) return fail("deck-piece", `The decklist piece starts at character ${at}, but ${s.pieces[seat].length} arrived so far: import the list again.`);
  const text = (at === 0 ? "" : s.pieces[seat]) + move.text;
  if (text.length > MAX_DECKLIST_CHARS) return fail("deck-too-long", `A decklist is at most ${MAX_DECKLIST_CHARS} characters: shorten it and import again.`);
  if (move.more) return ok({ state: { ...s, pieces: s.pieces.map((p, i) => (i === seat ? text : p)) }, deals: false });
  const d = parsedDeck(move, text, s.config);
  if (!d.ok) return d;
  // Hashed now for the deal's key (deal.ts), so the last deck's message does not hash every deck.
  if (d.value) deckDigest(d.value.deck);
  if (move.sparring) {
    if (!s.config.sparring) return fail("no-sparring", "This table has no sparring partner: send your own deck.");
    // The partner's deck is never checked against the format: it is there to be played against.
    return ok({ state: { ...s, pieces: s.pieces.map((p, i) => (i === seat ? "" : p)), ...(d.value ? { sparringDeck: d.value.deck } : {}) }, deals: false });
  }
  const decks = s.decks.map((x, i) => (i === seat ? (d.value?.deck ?? "standard") : x));
  const reports = (s.reports ?? s.decks.map(() => null)).map((r, i) => (i === seat ? (d.value?.report ?? null) : r));
  const pieces = s.pieces.map((p, i) => (i === seat ? "" : p));
  const names = move.name ? s.names.map((n, i) => (i === seat ? move.name! : n)) : s.names;
  return ok({ state: { ...s, decks, pieces, names, reports }, deals: !decks.some((x) => x === null) });
}

/** The last deck's deal, when it is big: made on a worker thread first (deal.ts), then the move is applied with it. */
function prepareTable(s: TableState, seat: number, move: TableMove): Preparation | null {
  if (move.type !== "deck" || move.more || s.game || !Number.isInteger(seat) || seat < 0 || seat >= s.seats) return null;
  // Only the last deck deals: every other seat has one and this one has none yet.
  if (s.decks.some((d, i) => (i === seat ? d !== null : d === null))) return null;
  const step = deckStep(s, seat, move);
  return step.ok && step.value.deals ? dealPreparation(dealTask(step.value.state)) : null;
}

function applyTable(s: TableState, seat: number, move: TableMove, rng: Rng, now: number, prepared?: Prepared): ApplyResult<TableState, TableOut> {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return fail("not-seated", "Only a seated player can do that.");
  if (move.type === "deck") {
    const step = deckStep(s, seat, move);
    if (!step.ok || !step.value.deals) return step.ok ? done(step.value.state) : step;
    const dealt = deal(step.value.state, prepared);
    if (!dealt.ok) return dealt;
    const replied = sparringReplies(dealt.value, rng, now);
    return done(replied.state, replied.outs);
  }
  if (!s.game || !s.log) return fail("not-dealt", "The cards are not dealt yet: choose a deck (or the standard one) and wait for the others.");
  if (move.type === "goOn") {
    if (move.player === seat) return fail("bad-vote", "You cannot vote about yourself.");
    if (move.player >= s.seats) return fail("out-of-range", `Players are 0 to ${s.seats - 1}.`);
    if (s.goOn[move.player].includes(seat)) return fail("already-voted", "You already voted to go on.");
    const goOn = s.goOn.map((v, i) => (i === move.player ? withVote(v, seat) : v));
    return done({ ...s, goOn });
  }
  if (move.type === "proposeEnd") return proposeEnd(s, seat, move.winners, rng, now);
  if (move.type === "answerEnd") {
    const vote = answer(s.endVote ?? null, s.game, seat, move.agree);
    return "code" in vote ? fail(vote.code, vote.message) : settle({ ...s, endVote: vote }, rng, now);
  }
  // The catalogue's check again: a caller that skipped parseMove is held to it too (endGame
  // below never reaches the engine's own).
  const checked = parseAction(move.action);
  if (!checked.ok) return fail(checked.error.code, checked.error.message);
  // A player asking the engine to end a shared game proposes it to the others.
  if (move.action.do === "endGame" && permission(s.game, seat, move.action)?.code === NEEDS_AGREEMENT.code) return proposeEnd(s, seat, move.action.winners, rng, now);
  const next = recorded(s, play, seat, move.action, rng, now);
  if (!next.ok) return next;
  // Acting means being back: votes about this player are spent. Play going on closes a refused
  // proposal; a concession may have carried an open one (or ended the game by itself).
  const st = next.state;
  const goOn = st.goOn[seat].length ? st.goOn.map((v, i) => (i === seat ? [] : v)) : st.goOn;
  const endVote = isOpen(st.endVote) && st.game!.phase !== "finished" ? st.endVote : null;
  const settled = settle({ ...st, goOn, endVote }, rng, now);
  if (!settled.ok) return settled;
  // Undo, redo and restart leave the partner where they put it (else an undone turn replays at once).
  if (isSessionAction(move.action.do)) return done(settled.state, [...next.events, ...settled.events]);
  const replied = sparringReplies(settled.state, rng, now);
  return done(replied.state, [...next.events, ...settled.events, ...replied.outs]);
}

/** The sparring partner keeps its opening hand and plays its turns (sparring.ts), each step an ordinary event. */
function sparringReplies(s: TableState, rng: Rng, now: number): { state: TableState; outs: TableOut[] } {
  if (!s.config.sparring || !s.game || !s.log) return { state: s, outs: [] };
  const log = forkLog(s.log);
  let game = s.game;
  const outs: TableOut[] = [];
  const playAs = (seat: number, a: Action): TableGame | null => {
    const r = play(log, game, seat, a, rng, now);
    if (!r.ok) return null;
    outs.push(linesOf(s, game, r.game, r.event));
    game = r.game;
    return game;
  };
  for (const [i, p] of game.players.entries()) if (p.sparring && game.phase === "mulligan" && !p.kept) playAs(i, { do: "keep", bottom: [] });
  // One turn each at most: a table of partners alone never loops.
  for (let turns = 0; turns < game.players.length; turns++) {
    const seat = sparringToAct(game);
    if (seat === null) break;
    const before = game.seq;
    playSparringTurn(game, seat, (a) => playAs(seat, a));
    if (game.seq === before) break;
  }
  if (!outs.length) return { state: s, outs };
  return { state: { ...s, game, log, lines: [...s.lines, ...outs].slice(-LOG_KEPT) }, outs };
}

/** One engine event played (`play`: a seat's intention; `playForTable`: the table's own), its lines for every viewer kept. */
function recorded(s: TableState, run: (log: TableLog, game: TableGame, seat: number, action: Action, rng: Rng, now: number) => Played, seat: number, action: Action, rng: Rng, now: number): ApplyResult<TableState, TableOut> {
  const log = forkLog(s.log!);
  const r = run(log, s.game!, seat, action, rng, now);
  if (!r.ok) return fail(r.error.code, r.error.message);
  const out = linesOf(s, s.game!, r.game, r.event);
  return done({ ...s, game: r.game, log, lines: [...s.lines, out].slice(-LOG_KEPT) }, [out]);
}

function linesOf(s: TableState, before: TableGame, after: TableGame, ev: TableEvent): TableOut {
  const out: TableOut = { seq: ev.seq, lines: [] };
  for (let v = 0; v < s.seats; v++) out.lines.push(logLine(before, after, ev, v));
  out.lines.push(logLine(before, after, ev, "spectator"));
  return out;
}

/** `seat` wants the game to end with `winners`: at once when nobody else is still in it, else proposed. */
function proposeEnd(s: TableState, seat: number, winners: number[], rng: Rng, now: number): ApplyResult<TableState, TableOut> {
  const g = s.game!;
  const denied = permission(g, seat, { do: "endGame", winners });
  if (!denied) return recorded(s, play, seat, { do: "endGame", winners }, rng, now);
  if (denied.code !== NEEDS_AGREEMENT.code) return fail(denied.code, denied.message);
  const vote = propose(s.endVote ?? null, g, seat, winners);
  return "code" in vote ? fail(vote.code, vote.message) : settle({ ...s, endVote: vote }, rng, now);
}

/** An open proposal every player still in the game agreed to ends the game, as the table's own event. */
function settle(s: TableState, rng: Rng, now: number): ApplyResult<TableState, TableOut> {
  const vote = s.endVote;
  if (!isOpen(vote) || !endCarried(vote, stillIn(s.game!))) return done(s);
  const ended = recorded(s, (log, game, _seat, action) => playForTable(log, game, action, rng, now), -1, { do: "endGame", winners: vote.winners }, rng, now);
  return ended.ok ? done({ ...ended.state, endVote: null }, ended.events) : ended;
}


function whoActs(s: TableState): WhoActs {
  if (!s.game) return { seats: s.decks.map((d, i) => (d === null ? i : -1)).filter((i) => i >= 0), together: true };
  if (s.game.phase === "finished") return { seats: [], together: false };
  const g = s.game;
  const seats = g.players.map((_, i) => i).filter((i) => i < s.seats && permission(g, i, { do: "chat", text: "" }) === null);
  return { seats, together: true, turn: g.turn.number };
}

/** A few intentions to try for `seat` (the kit's random games; each is checked by a dry run). */
function candidates(g: TableGame, seat: number): unknown[] {
  const hand = g.zones[zoneKey("hand", seat)] ?? [];
  const field = g.zones[zoneKey("battlefield", seat)] ?? [];
  const out: unknown[] = [{ do: "chat", text: "hi" }, { do: "life", player: seat, delta: -1 }, { do: "rollDice", sides: 6 }, { do: "endGame", winners: [seat] }];
  if (g.phase === "mulligan") {
    out.push({ do: "mulligan" });
    for (let k = 0; k <= 2; k++) out.push({ do: "keep", bottom: hand.slice(0, k) });
    return out;
  }
  out.push({ do: "draw", n: 1 }, { do: "passTurn" }, { do: "shuffle" }, { do: "lookTop", n: 3 }, { do: "stopLooking" }, { do: "undo" }, { do: "concede" });
  if (hand.length) out.push({ do: "move", card: hand[hand.length - 1], zone: "battlefield", place: "battlefield" });
  if (field.length) {
    const c = g.cards.get(field[0])!;
    out.push({ do: "tap", card: c.id, on: !c.tapped }, { do: "counter", card: c.id, name: "+1/+1", delta: 1 });
  }
  return out;
}

function legalMoves(s: TableState, seat: number): TableMove[] {
  if (seat < 0 || seat >= s.seats) return [];
  if (!s.game) return s.decks[seat] === null ? [{ type: "deck", text: "" }, { type: "deck", text: !s.config.checks ? "20 Forest\n20 Grizzly Bears | Creature — Bear | {1}{G} | 2/2" : s.config.format === "commander" ? "Commander\n1 Captain Sisay | Legendary Creature — Human Soldier | {2}{G}{W}\nDeck\n99 Forest | Basic Land — Forest" : "56 Forest | Basic Land — Forest\n4 Grizzly Bears | Creature — Bear | {1}{G} | 2/2" }] : [];
  const out: TableMove[] = [];
  if (isOpen(s.endVote)) out.push({ type: "answerEnd", agree: true }, { type: "answerEnd", agree: false });
  else out.push({ type: "proposeEnd", winners: [seat] });
  for (const raw of candidates(s.game, seat)) {
    const p = parseAction(raw);
    if (!p.ok) continue;
    out.push({ type: "act", action: p.action });
  }
  return out.filter((move) => applyTable(s, seat, move, createRng(1), 0).ok);
}

/** What a player sends (parseTableMove reads it): the move without its type; a deck's cards are the server's to add. */
export type TablePayloads = PayloadsOf<
  TableMove,
  {
    deck: { text: string; at?: number; more?: true; name?: string; sparring?: true };
    act: { action: Action };
    goOn: { player: number };
    proposeEnd: { winners: number[] };
    answerEnd: { agree: boolean };
  }
>;

/** The messages importing `text`: pieces of at most DECK_PIECE_CHARS, the last without `more`. */
export function deckMessages(text: string): Array<{ text: string; at?: number; more?: true }> {
  const out: Array<{ text: string; at?: number; more?: true }> = [];
  for (let at = 0; at === 0 || at < text.length; at += DECK_PIECE_CHARS) {
    const piece = text.slice(at, at + DECK_PIECE_CHARS);
    out.push({ text: piece, ...(at ? { at } : {}), ...(at + DECK_PIECE_CHARS < text.length ? { more: true as const } : {}) });
  }
  return out;
}

function parseTableMove(type: string, payload: unknown, config?: TableRoomConfig): Parsed<TableMove> {
  void config;
  if (type === "deck") {
    const o = objectWith(payload, ["text", "at", "more", "name", "sparring"]);
    if (!o.ok) return o;
    const text = o.value.text;
    if (typeof text !== "string" || text.length > DECK_PIECE_CHARS) return fail("bad-payload", `text must be a decklist piece of at most ${DECK_PIECE_CHARS} characters ("" for the standard deck).`);
    if (o.value.more !== undefined && o.value.more !== true) return fail("bad-payload", "more must be true (another piece follows) or left out.");
    const at = o.value.at === undefined ? 0 : intIn(o.value.at, 0, MAX_DECKLIST_CHARS);
    if (at === null) return fail("out-of-range", `at must be a character offset from 0 to ${MAX_DECKLIST_CHARS}.`);
    const name = o.value.name;
    if (name !== undefined && (typeof name !== "string" || name.length < 1 || name.length > MAX_NAME_CHARS || /[\u0000-\u001f\u007f]/.test(name))) return fail("bad-payload", `name must be your seat's name (1 to ${MAX_NAME_CHARS} characters) or left out.`);
    if (o.value.sparring !== undefined && o.value.sparring !== true) return fail("bad-payload", "sparring must be true (this is the sparring partner's deck) or left out.");
    return ok({ type, text, ...(at ? { at } : {}), ...(o.value.more ? { more: true as const } : {}), ...(name ? { name } : {}), ...(o.value.sparring ? { sparring: true as const } : {}) });
  }
  if (type === "act") {
    const o = objectWith(payload, ["action"]);
    if (!o.ok) return o;
    const a = parseAction(o.value.action);
    return a.ok ? ok({ type, action: a.action }) : fail(a.error.code, a.error.message);
  }
  if (type === "goOn") {
    const o = objectWith(payload, ["player"]);
    if (!o.ok) return o;
    const player = intIn(o.value.player, 0, MAX_PLAYERS - 1);
    return player === null ? fail("out-of-range", `player must be a seat from 0 to ${MAX_PLAYERS - 1}.`) : ok({ type, player });
  }
  if (type === "proposeEnd") {
    const o = objectWith(payload, ["winners"]);
    if (!o.ok) return o;
    const w = o.value.winners;
    if (!Array.isArray(w) || w.length > MAX_PLAYERS || w.some((p) => intIn(p, 0, MAX_PLAYERS - 1) === null)) return fail("bad-payload", `winners must be a list of game seats (0 to ${MAX_PLAYERS - 1}); an empty list: nobody won.`);
    return ok({ type, winners: [...new Set(w as number[])].sort((a, b) => a - b) });
  }
  if (type === "answerEnd") {
    const o = objectWith(payload, ["agree"]);
    if (!o.ok) return o;
    return typeof o.value.agree === "boolean" ? ok({ type, agree: o.value.agree }) : fail("bad-payload", "agree must be true (end the game as proposed) or false (play on).");
  }
  return unknownType(type, ["deck", "act", "goOn", "proposeEnd", "answerEnd"]);
}

export const tableDef: GameDef<TableState, TableMove, TableOut, TableRoomConfig, TableGameView> = {
  id: "table",
  title: "Card table",
  seats: { min: 1, max: MAX_PLAYERS },
  examples: [{ mode: "solo" }, { seats: 2 }, { seats: 4, format: "commander" }],
  configure(options) {
    const mode = options.mode ?? "online";
    if (typeof mode !== "string" || !(TABLE_MODES as readonly string[]).includes(mode)) return fail("bad-option", `Unknown mode ${JSON.stringify(String(mode).slice(0, 20))}: use online or solo (goldfish).`);
    const format = options.format ?? "constructed";
    if (typeof format !== "string" || !(FORMATS as readonly string[]).includes(format)) return fail("bad-option", `format must be one of ${FORMATS.join(", ")}.`);
    const seatsIn = mode === "solo" ? 1 : (options.seats ?? 2);
    const seats = intIn(seatsIn, 1, MAX_PLAYERS);
    if (seats === null) return fail("bad-option", `seats must be a whole number from 1 to ${MAX_PLAYERS}.`);
    const m = mode as TableRoomConfig["mode"];
    const checks = options.checks ?? false;
    if (typeof checks !== "boolean") return fail("bad-option", "checks must be true (decks are checked against the format) or false.");
    const checked = checks && format !== "free";
    const sparring = options.sparring ?? false;
    if (typeof sparring !== "boolean") return fail("bad-option", "sparring must be true (practise against a sparring partner) or false.");
    if (sparring && mode !== "solo") return fail("bad-option", "A sparring partner sits only at a practice table (mode solo).");
    const extra = { ...(checked ? { checks: true as const } : {}), ...(sparring ? { sparring: true as const } : {}) };
    return ok({ config: { format: format as Format, mode: m, ids: "random", ending: "agreed", ...extra }, seats, mode: m, bots: 0, turnSeconds: 0, criteria: { mode: m, format, seats, ...extra } });
  },
  setup: (seed, config, seats) => ({ seed, config, seats, decks: new Array<Deck | "standard" | null>(seats).fill(null), pieces: new Array<string>(seats).fill(""), names: new Array<string>(seats).fill(""), reports: new Array<DeckReport | null>(seats).fill(null), game: null, log: null, lines: [], goOn: Array.from({ length: seats }, () => []), endVote: null }),
  apply: (s, seat, move, ctx) => applyTable(s, seat, move, ctx.rng, ctx.now, ctx.prepared),
  // A big deal (eight seats × 500 cards: 4,000) is made on a worker thread first (deal.ts).
  prepare: (s, seat, move) => prepareTable(s, seat, move),
  work: dealWork,
  status: (s) => (s.game?.phase === "finished" ? "finished" : "playing"),
  // How it ended, for the stored record: "agreed" (everyone still in), "conceded" (everyone
  // else did); games from before the agreement rule: "won" or "finished", as they were stored.
  result: (s) => (s.game?.ended === "agreed" || s.game?.ended === "conceded" ? s.game.ended : s.game?.winners?.length ? "won" : "finished"),
  whoActs,
  view: (s, viewer) => ({
    stage: s.game ? "table" : "decks",
    decks: s.decks.map((d) => d !== null),
    table: s.game ? viewTable(s.game, viewer === null ? "spectator" : viewer) : null,
    lines: s.lines.map((o) => o.lines[lineIndex(s, viewer)]),
    goOn: s.goOn.map((v) => v.slice()),
    endVote: s.endVote ? { ...s.endVote, winners: [...s.endVote.winners], yes: [...s.endVote.yes] } : null,
    ...(viewer !== null && s.reports?.[viewer] ? { report: { ...s.reports[viewer]!, unfound: s.reports[viewer]!.unfound.slice() } } : {}),
    ...(s.config.checks ? { checks: true as const } : {}),
    ...(s.config.sparring ? { sparring: true as const } : {}),
  }),
  // Each viewer gets only its own line of each event (the engine event itself never leaves).
  eventsFor: (events, viewer) => events.map((o) => ({ seq: o.seq, lines: [o.lines[viewer === null || viewer < 0 || viewer >= o.lines.length - 1 ? o.lines.length - 1 : viewer]] })),
  twin: tableTwin,
  probes: tableProbes,
  moveTypes: ["deck", "act", "goOn", "proposeEnd", "answerEnd"],
  parseMove: parseTableMove,
  legalMoves,
};
