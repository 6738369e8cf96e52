// The action catalogue: every action a player can ask the table for, as data. Each entry names
// its group, the catalogue version it appeared in, whether it needs a random seed, and the
// shape of its fields. The TypeScript types, the parser of untrusted messages and the
// menus of the client all come from this one table.
//
// Compatibility: entries are only ever added, never changed or removed; CATALOGUE_VERSION goes
// up with every addition, and test/fixtures/table/catalogue-v<N>.json keeps events written with
// each version so they are proven to parse forever.

import {
  MAX_AMOUNT,
  MAX_CARD_ID,
  MAX_CHAT_CHARS,
  MAX_DICE,
  MAX_LABEL_CHARS,
  MAX_LABELS,
  MAX_LOOSE_TOKENS,
  MAX_NAME_CHARS,
  MAX_PLAYERS,
  MAX_QUANTITY,
  MAX_SIDES,
  POS_MAX,
  SIGNAL_COLOURS,
  ZONE_NAMES,
  type Pos,
} from "./types.js";

export const CATALOGUE_VERSION = 2;

// ---- field kinds --------------------------------------------------------------------------

type Req<T> = T & { opt?: false };
type Opt<T> = T & { opt: true };
type FieldBase =
  | { t: "int"; min: number; max: number }
  | { t: "str"; max: number }
  | { t: "bool" }
  | { t: "enum"; of: readonly string[] }
  | { t: "ints"; min: number; max: number; len: number }
  | { t: "strs"; max: number; len: number }
  | { t: "pos" };
export type Field = Req<FieldBase> | Opt<FieldBase>;

const card = { t: "int", min: 1, max: MAX_CARD_ID } as const;
const cards = { t: "ints", min: 1, max: MAX_CARD_ID, len: 500 } as const;
const player = { t: "int", min: 0, max: MAX_PLAYERS - 1 } as const;
const players = { t: "ints", min: 0, max: MAX_PLAYERS - 1, len: MAX_PLAYERS } as const;
const amount = { t: "int", min: -MAX_AMOUNT, max: MAX_AMOUNT } as const;
const count = { t: "int", min: 1, max: 500 } as const;
const bool = { t: "bool" } as const;
const zone = { t: "enum", of: ZONE_NAMES } as const;
const pos = { t: "pos" } as const;
const label = { t: "str", max: MAX_LABEL_CHARS } as const;
export const PLACES = ["top", "bottom", "index", "fromTop", "random", "shuffle", "battlefield"] as const;
export type Place = (typeof PLACES)[number];
const place = { t: "enum", of: PLACES } as const;
const opt = <const F extends FieldBase>(f: F): Opt<F> => ({ ...f, opt: true });

export type Group =
  | "move"
  | "card"
  | "library"
  | "battlefield"
  | "mulligan"
  | "players"
  | "turn"
  | "random"
  | "stack"
  | "piles"
  | "bulk"
  | "chat"
  | "end"
  | "undo"
  | "planechase"
  | "archenemy";

interface Entry {
  group: Group;
  /** Catalogue version that added it. */
  since: number;
  /** Resolve draws a seed (or the dice) for it. */
  random?: boolean;
  /** Done by the session (log.ts), refused by resolve. */
  session?: boolean;
  fields: Record<string, Field>;
  /** One line for menus and the log. */
  says: string;
}

const entry = <const F extends Record<string, Field>>(group: Group, says: string, fields: F, extra: { random?: boolean; session?: boolean } = {}) =>
  ({ group, since: 1, says, fields, ...extra }) as const;
/** An entry added by catalogue version 2 (the rest of the reference: issue 18). */
const entry2 = <const F extends Record<string, Field>>(group: Group, says: string, fields: F, extra: { random?: boolean } = {}) =>
  ({ group, since: 2, says, fields, ...extra }) as const;

/** What "reveal until" looks for (excavate, cascade-like effects). */
export const REVEAL_FILTERS = ["land", "nonland", "creature", "noncreature", "instantOrSorcery", "name"] as const;
export type RevealFilter = (typeof REVEAL_FILTERS)[number];
/** Where the card a reveal found may go. */
export const REVEAL_DESTS = ["hand", "battlefield", "graveyard", "exile", "stack", "library"] as const;

export const CATALOGUE = {
  // moving
  move: entry("move", "move a card", {
    card,
    zone,
    player: opt(player),
    place,
    index: opt({ t: "int", min: 0, max: 10_000 }),
    pos: opt(pos),
    faceDown: opt(bool),
    how: opt({ t: "enum", of: ["cast", "put"] }),
  }, { random: true }),
  // card state
  tap: entry("card", "tap or untap a card", { card, on: bool }),
  flip: entry("card", "turn a double-faced card over", { card }),
  faceDown: entry("card", "turn a card face down or up", { card, on: bool }),
  counter: entry("card", "add or remove counters", { card, name: label, delta: amount }),
  keyword: entry("card", "give or take a keyword counter", { card, name: label, on: bool }),
  labels: entry("card", "write labels on a card", { card, labels: { t: "strs", max: MAX_LABEL_CHARS, len: MAX_LABELS } }),
  pt: entry("card", "set a power/toughness row", {
    card,
    row: { t: "enum", of: ["other", "eot", "fixed"] },
    power: amount,
    toughness: amount,
  }),
  attach: entry("card", "attach a card to another, or detach it", { card, to: opt(card) }),
  arrow: entry("card", "draw an arrow", { from: card, toCard: opt(card), toPlayer: opt(player) }),
  clearArrows: entry("card", "remove your arrows", {}),
  show: entry("card", "show a card to players, or hide it again", {
    card,
    to: { t: "enum", of: ["nobody", "owner", "all", "players"] },
    players: opt(players),
  }),
  noUntap: entry("card", "mark a card that does not untap", { card, on: bool }),
  phaseOut: entry("card", "phase a card out or in", { card, on: bool }),
  copy: entry("card", "make a token copy of a card", { card, pos: opt(pos) }),
  quantity: entry("card", "set the size of a token pile", { card, n: { t: "int", min: 1, max: MAX_QUANTITY } }),
  // library
  draw: entry("library", "draw cards", { n: count }),
  mill: entry("library", "mill cards", { n: count }),
  exileTop: entry("library", "exile cards from the top of the library", { n: count, faceDown: opt(bool) }),
  manifest: entry("library", "put the top card onto the battlefield face down", {}),
  lookTop: entry("library", "look at the top cards (scry, surveil)", { n: count, player: opt(player) }),
  search: entry("library", "search your library", { player: opt(player) }),
  arrange: entry("library", "put looked-at cards back: on top in order, on the bottom, or into the graveyard", {
    top: cards,
    bottom: cards,
    graveyard: opt(cards),
  }),
  stopLooking: entry("library", "stop looking at the library", {}),
  revealTop: entry("library", "reveal the top cards to everyone", { n: count }),
  topRevealed: entry("library", "play with the top card revealed", { on: bool }),
  shuffle: entry("library", "shuffle a zone", { zone: opt(zone) }, { random: true }),
  wheel: entry("library", "discard your hand and draw as many", {}),
  // whole battlefield
  untapAll: entry("battlefield", "untap everything you control", {}),
  createToken: entry("battlefield", "create tokens", {
    name: { t: "str", max: MAX_NAME_CHARS },
    type: opt({ t: "str", max: MAX_NAME_CHARS }),
    power: opt(label),
    toughness: opt(label),
    n: opt({ t: "int", min: 1, max: MAX_LOOSE_TOKENS }),
    pos: opt(pos),
  }),
  // mulligan
  mulligan: entry("mulligan", "take a mulligan", {}, { random: true }),
  keep: entry("mulligan", "keep your hand, putting cards on the bottom", { bottom: cards }),
  // players
  life: entry("players", "change a life total", { player, delta: amount }),
  setLife: entry("players", "set a life total", { player, value: amount }),
  poison: entry("players", "change poison counters", { player, delta: amount }),
  commanderDamage: entry("players", "record commander damage", { player, from: player, slot: opt({ t: "int", min: 0, max: 1 }), delta: amount }),
  tracker: entry("players", "change a tracker (energy, experience, storm…)", { player, name: label, delta: amount }),
  designation: entry("players", "give a designation (monarch, initiative…) or clear it", { name: label, player: opt(player) }),
  castCount: entry("players", "change a commander's cast count", { card, delta: amount }),
  revealHand: entry("players", "reveal your hand to everyone, or stop", { on: bool }),
  concede: entry("players", "concede", {}),
  // turn
  passTurn: entry("turn", "pass the turn", {}),
  extraTurn: entry("turn", "give a player an extra turn", { player }),
  helpers: entry("turn", "switch table helpers on or off", {
    untap: opt(bool),
    draw: opt(bool),
    firstSkipsDraw: opt(bool),
    countersOnEnter: opt(bool),
    commanderTax: opt(bool),
    everyoneTouches: opt(bool),
  }),
  // randomness
  rollDice: entry("random", "roll dice", { sides: { t: "int", min: 2, max: MAX_SIDES }, n: opt({ t: "int", min: 1, max: MAX_DICE }) }, { random: true }),
  flipCoins: entry("random", "flip coins", { n: opt({ t: "int", min: 1, max: MAX_DICE }) }, { random: true }),
  // stack
  resolveTop: entry("stack", "resolve the top of the stack", {}),
  addAbility: entry("stack", "put an ability on the stack", { text: { t: "str", max: MAX_CHAT_CHARS }, card: opt(card) }),
  // piles
  pile: entry("piles", "pile cards under a card", { cards, under: card }),
  unpile: entry("piles", "spread a pile", { card }),
  // graveyard / exile bulk
  moveAll: entry("bulk", "move every card of one of your zones", {
    from: zone,
    to: zone,
    place: { t: "enum", of: ["top", "bottom", "shuffle"] },
    faceDown: opt(bool),
  }, { random: true }),
  // chat
  chat: entry("chat", "say something", { text: { t: "str", max: MAX_CHAT_CHARS } }),
  // end of game
  endGame: entry("end", "end the game", { winners: players }),
  // undo / redo (done by the session)
  undo: entry("undo", "undo your last action", { to: opt({ t: "int", min: 1, max: 2 ** 31 }) }, { session: true }),
  redo: entry("undo", "redo what was undone", {}, { session: true }),
  restart: entry("undo", "start the game over", {}, { session: true }),
  // variants
  planeswalk: entry("planechase", "planeswalk to the next plane", {}),
  rollPlanarDie: entry("planechase", "roll the planar die", {}, { random: true }),
  setInMotion: entry("archenemy", "set the top scheme in motion", {}),
  abandonScheme: entry("archenemy", "abandon an ongoing scheme", { card }),
  // ---- catalogue version 2 ----
  revealUntil: entry2("library", "reveal cards from the top until one matches (excavate)", {
    filter: { t: "enum", of: REVEAL_FILTERS },
    name: opt({ t: "str", max: MAX_NAME_CHARS }),
  }),
  finishReveal: entry2("library", "put the card found where you choose and the rest on the bottom in a random order", {
    zone: opt({ t: "enum", of: REVEAL_DESTS }),
    faceDown: opt(bool),
  }, { random: true }),
  organize: entry2("battlefield", "organize your battlefield in rows: creatures, other permanents, lands", {}),
  drain: entry2("players", "drain: each opponent loses N life and you gain the total", { n: { t: "int", min: 1, max: 1000 } }),
  extort: entry2("players", "extort: each opponent loses 1 life and you gain that much", { n: opt({ t: "int", min: 1, max: 20 }) }),
  thumbCoins: entry2("random", "flip coins with Krark's Thumb: flip two, keep one", {
    n: opt({ t: "int", min: 1, max: 10 }),
    thumbs: opt({ t: "int", min: 1, max: 2 }),
    call: opt({ t: "enum", of: ["heads", "tails"] }),
  }, { random: true }),
  stackAfter: entry2("stack", "put a card or an ability on the stack under the top", { card: opt(card), text: opt({ t: "str", max: MAX_CHAT_CHARS }) }),
  highlight: entry2("card", "highlight a card for everyone", { card, on: bool }),
  signal: entry2("battlefield", "place a signal on a board", { player, pos, colour: opt({ t: "enum", of: SIGNAL_COLOURS }) }),
  removeSignal: entry2("battlefield", "remove a signal", { id: { t: "int", min: 1, max: 2 ** 31 } }),
  teams: entry2("players", "group the players into teams", {
    of: { t: "ints", min: 0, max: MAX_PLAYERS, len: MAX_PLAYERS },
    friendlyFire: opt(bool),
  }),
  phantom: entry2("players", "change the phantom opponent's life or poison (goldfish)", { life: opt(amount), poison: opt(amount) }),
} as const;

export type ActionKind = keyof typeof CATALOGUE;
export const ACTION_KINDS = Object.keys(CATALOGUE) as ActionKind[];

// ---- types derived from the entries ----------------------------------------------------

type Value<F> = F extends { t: "int" }
  ? number
  : F extends { t: "str" }
    ? string
    : F extends { t: "bool" }
      ? boolean
      : F extends { t: "enum"; of: readonly (infer E)[] }
        ? E
        : F extends { t: "ints" }
          ? number[]
          : F extends { t: "strs" }
            ? string[]
            : F extends { t: "pos" }
              ? Pos
              : never;
type Fields<Fs> = { [K in keyof Fs as Fs[K] extends { opt: true } ? never : K]: Value<Fs[K]> } & {
  [K in keyof Fs as Fs[K] extends { opt: true } ? K : never]?: Value<Fs[K]>;
};
type Flat<T> = { [K in keyof T]: T[K] };
export type ActionOf<K extends ActionKind> = Flat<{ do: K } & Fields<(typeof CATALOGUE)[K]["fields"]>>;
export type Action = { [K in ActionKind]: ActionOf<K> }[ActionKind];

// ---- parsing untrusted input ---------------------------------------------------------------

export interface Rejection {
  code: string;
  message: string;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isInt = (x: unknown, min: number, max: number): x is number => typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;

function fieldError(name: string, f: Field, v: unknown): string | null {
  switch (f.t) {
    case "int":
      return isInt(v, f.min, f.max) ? null : `${name} must be a whole number from ${f.min} to ${f.max}`;
    case "str":
      return typeof v === "string" && v.length <= f.max ? null : `${name} must be text of at most ${f.max} characters`;
    case "bool":
      return typeof v === "boolean" ? null : `${name} must be true or false`;
    case "enum":
      return typeof v === "string" && f.of.includes(v) ? null : `${name} must be one of ${f.of.join(", ")}`;
    case "ints":
      return Array.isArray(v) && v.length <= f.len && v.every((x) => isInt(x, f.min, f.max)) ? null : `${name} must be a list of at most ${f.len} whole numbers from ${f.min} to ${f.max}`;
    case "strs":
      return Array.isArray(v) && v.length <= f.len && v.every((x) => typeof x === "string" && x.length <= f.max) ? null : `${name} must be at most ${f.len} texts of at most ${f.max} characters`;
    case "pos":
      return isObj(v) && isInt(v.x, 0, POS_MAX) && isInt(v.y, 0, POS_MAX) && Object.keys(v).length === 2 ? null : `${name} must be {x, y} with whole numbers from 0 to ${POS_MAX}`;
  }
}

/**
 * Checks an untrusted action against the catalogue; returns a clean copy. A field its kind does
 * not have is refused `bad-payload` (issue 36: it used to be dropped silently). Stored events
 * pass too: their actions were written by this parser, and a kind's fields are never removed.
 */
export function parseAction(raw: unknown): { ok: true; action: Action } | { ok: false; error: Rejection } {
  if (!isObj(raw) || typeof raw.do !== "string") return { ok: false, error: { code: "bad-action", message: "An action is an object with a `do` field naming it." } };
  if (!Object.prototype.hasOwnProperty.call(CATALOGUE, raw.do)) {
    return { ok: false, error: { code: "unknown-action", message: `The table does not know the action "${raw.do.slice(0, 40)}" (catalogue version ${CATALOGUE_VERSION}); update the app.` } };
  }
  const kind = raw.do as ActionKind;
  const fields = CATALOGUE[kind].fields as Record<string, Field>;
  const unknown = Object.keys(raw).find((k) => k !== "do" && !Object.prototype.hasOwnProperty.call(fields, k));
  if (unknown !== undefined) {
    const has = ["do", ...Object.keys(fields)].join(", ");
    return { ok: false, error: { code: "bad-payload", message: `The ${kind} action has no field ${JSON.stringify(unknown.slice(0, 32))} (its fields: ${has}); nothing was done. Send only those fields, or update the app.` } };
  }
  const out: Record<string, unknown> = { do: kind };
  for (const [name, f] of Object.entries(fields)) {
    const v = raw[name];
    if (v === undefined) {
      if (f.opt) continue;
      return { ok: false, error: { code: "bad-action", message: `${kind}: ${name} is missing.` } };
    }
    const err = fieldError(name, f, v);
    if (err) return { ok: false, error: { code: "bad-action", message: `${kind}: ${err}.` } };
    out[name] = Array.isArray(v) ? [...v] : isObj(v) ? { ...v } : v;
  }
  return { ok: true, action: out as Action };
}

export const needsSeed = (kind: ActionKind): boolean => !!(CATALOGUE[kind] as Entry).random;
export const isSessionAction = (kind: ActionKind): boolean => !!(CATALOGUE[kind] as Entry).session;
