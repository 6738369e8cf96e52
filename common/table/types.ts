// Card table model: seats, zones, cards, turn, options. Plain data, objects with string keys and
// arrays, and the card index (cardIndex.ts: a Map written as an object keyed by id), so the
// canonical JSON of a game is byte-identical on every machine and its fingerprint can be compared (log.ts).
//
// The table is not a judge: it tracks where every card is and what was done to it.

import type { RngState } from "../core/rng.js";
import type { CardIndex } from "./cardIndex.js";

// ---- bounds: every number a player can send is clamped or refused against these ----------

export const MAX_PLAYERS = 10;
/** Board coordinates are integers 0..POS_MAX on the controller's board (no float drift). */
export const POS_MAX = 10_000;
export const MAX_LABELS = 4;
export const MAX_LABEL_CHARS = 20;
export const MAX_NAME_CHARS = 60;
export const MAX_CHAT_CHARS = 500;
/** Counters, life, poison, trackers: |value| ≤ MAX_AMOUNT. */
export const MAX_AMOUNT = 999_999;
/** Size of a token pile (one card standing for identical tokens). */
export const MAX_QUANTITY = 999;
/** Loose tokens made by one action. */
export const MAX_LOOSE_TOKENS = 20;
export const MAX_COUNTER_KINDS = 16;
export const MAX_KEYWORDS = 16;
export const MAX_ARROWS = 64;
export const MAX_TRACKERS = 16;
export const MAX_DESIGNATIONS = 16;
/** Token kinds a decklist may offer. */
export const MAX_TOKEN_KINDS = 50;
/** Cards on the whole table (decks, tokens, copies) and distinct card definitions. */
export const MAX_CARDS = 4_000;
export const MAX_DEFS = 2_000;
export const MAX_DICE = 20;
export const MAX_SIDES = 1_000;
/** Signals (small markers) on the whole table. */
export const MAX_SIGNALS = 32;
/** Colours a signal can have. */
export const SIGNAL_COLOURS = ["red", "blue", "green", "yellow", "white", "black"] as const;
export type SignalColour = (typeof SIGNAL_COLOURS)[number];
/** Card ids are 1..MAX_CARD_ID: drawn at random from the game's id stream (see TableGame.idRng). */
export const MAX_CARD_ID = 0x7fff_ffff;

// ---- zones ----------------------------------------------------------------------------------

/** Zones every player has. */
export const PLAYER_ZONES = ["library", "hand", "battlefield", "graveyard", "exile", "command", "sideboard", "schemes", "ongoing"] as const;
export type PlayerZone = (typeof PLAYER_ZONES)[number];
/** Zones of the whole table: the stack, the planar deck and the active plane. */
export const SHARED_ZONES = ["stack", "planes", "plane"] as const;
export type SharedZone = (typeof SHARED_ZONES)[number];
export type ZoneName = PlayerZone | SharedZone;
export const ZONE_NAMES: readonly ZoneName[] = [...PLAYER_ZONES, ...SHARED_ZONES];

/** Decks whose index 0 is the top; in every other zone the last element is the top. */
const TOP_FIRST: ReadonlySet<ZoneName> = new Set<ZoneName>(["library", "schemes", "planes"]);
export const topIsFirst = (zone: ZoneName): boolean => TOP_FIRST.has(zone);

/** Zones that always belong to the card's owner (a stolen card sent "to hand" goes to its owner's hand). */
const OWNER_ZONES: ReadonlySet<ZoneName> = new Set<ZoneName>(["library", "hand", "graveyard", "exile", "command", "sideboard", "schemes", "ongoing"]);
export const ownerZone = (zone: ZoneName): boolean => OWNER_ZONES.has(zone);

/** Tokens and stack abilities exist only here; anywhere else they leave the game. */
export const tokenZone = (zone: ZoneName): boolean => zone === "battlefield" || zone === "stack";

export const isShared = (zone: ZoneName): zone is SharedZone => (SHARED_ZONES as readonly string[]).includes(zone);

/** Zone key in `TableGame.zones`: "3.hand" for a player's zone, "stack" for a shared one. */
export function zoneKey(zone: ZoneName, player: number): string {
  return isShared(zone) ? zone : `${player}.${zone}`;
}

export interface ZoneRef {
  zone: ZoneName;
  /** Owner of a player zone; -1 for a shared zone. */
  player: number;
}

export function parseZoneKey(key: string): ZoneRef | null {
  const dot = key.indexOf(".");
  if (dot < 0) return (SHARED_ZONES as readonly string[]).includes(key) ? { zone: key as SharedZone, player: -1 } : null;
  const player = Number(key.slice(0, dot));
  const zone = key.slice(dot + 1);
  if (!Number.isInteger(player) || player < 0 || player >= MAX_PLAYERS) return null;
  return (PLAYER_ZONES as readonly string[]).includes(zone) ? { zone: zone as PlayerZone, player } : null;
}

// ---- cards --------------------------------------------------------------------------------

/** One face of a card with several (split, double-faced, adventure, flip), as printed. */
export interface CardFace {
  name: string;
  cost?: string;
  type?: string;
  /** Oracle text. */
  text?: string;
  power?: string;
  toughness?: string;
  loyalty?: number;
  /** Colours of this face in WUBRG order ("" colourless). */
  colors?: string;
  /** This face's picture (double-faced cards have one per face). */
  image?: string;
}

/**
 * What the table knows about a card. A decklist line alone gives a text card (name, maybe type
 * / cost / P-T); with the server's card data (common/table/cards.ts) it is the real card: the
 * front face's fields here, every face in `faces`, and its pictures when images are on.
 */
export interface CardDef {
  name: string;
  type?: string;
  cost?: string;
  power?: string;
  toughness?: string;
  loyalty?: number;
  /** Back face name (double-faced cards). */
  back?: string;
  /** Resolving it from the stack puts it on the battlefield (permanent) rather than the graveyard. */
  permanent?: boolean;
  commander?: boolean;
  // ---- from the card data (absent on a text card) ----
  /** Oracle text of the front face (a split card: both halves). */
  text?: string;
  /** Colours in WUBRG order ("" colourless): the frame's colour. */
  colors?: string;
  /** Colour identity in WUBRG order (Commander's deck rule). */
  identity?: string;
  /** Mana value. */
  mv?: number;
  keywords?: string[];
  /** Scryfall's layout: normal, split, transform, modal_dfc, adventure, meld, flip, token… */
  layout?: string;
  /** Set code and collector number of the printing. */
  set?: string;
  number?: string;
  /** The picture of the front (of the whole card for one-image layouts: split, adventure, flip). */
  image?: string;
  /** Every face, front first, for cards with more than one. */
  faces?: CardFace[];
}

export const MAX_FACES = 5;
export const MAX_ORACLE_CHARS = 2_000;
export const MAX_IMAGE_URL = 400;

/** Who a card is shown to beyond what its zone allows. */
export type ShownTo = "nobody" | "owner" | "all" | number[];

export interface Pt {
  power: number;
  toughness: number;
}

/** The three rows of the power/toughness dialog. */
export interface PtRows {
  other: Pt;
  eot: Pt;
  fixed: Pt;
}

export interface Pos {
  x: number;
  y: number;
}

export interface Card {
  id: number;
  /** Key of the zone it is in (kept equal to the zone lists; see validate.ts). */
  at: string;
  /** Index into TableGame.defs. */
  def: number;
  owner: number;
  /** Differs from owner only on the battlefield or the stack. */
  controller: number;
  /** 0 = front, 1 = back (transformed). */
  face: number;
  tapped: boolean;
  faceDown: boolean;
  phasedOut: boolean;
  noUntap: boolean;
  counters: Record<string, number>;
  keywords: string[];
  labels: string[];
  pt: PtRows;
  attachedTo: number | null;
  /** On the battlefield; null elsewhere. */
  pos: Pos | null;
  z: number;
  shownTo: ShownTo;
  token: boolean;
  /** Def of the card this token copies. */
  copyOf: number | null;
  quantity: number;
  /** Card this one is piled under (a pile, or exiled cards grouped under their exiler). */
  under: number | null;
  /** Round it arrived in its zone (the "before" divider of graveyard and exile). */
  arrived: number;
  /** Text of an ability on the stack: it vanishes when it leaves the stack. */
  ability: string | null;
  /**
   * Highlighted for everyone ("look at this one"); cleared when it changes zone and when the
   * turn passes. Absent (not false) when off, so games from before it keep their fingerprint.
   */
  highlight?: true;
}

export type ArrowTarget = { card: number } | { player: number };
export interface Arrow {
  from: number;
  to: ArrowTarget;
  by: number;
}

// ---- players, turn, game --------------------------------------------------------------------

export interface Player {
  name: string;
  team: number | null;
  life: number;
  poison: number;
  /** Commander damage taken, keyed "from.slot" (slot 0/1 for partners). */
  commanderDamage: Record<string, number>;
  trackers: Record<string, number>;
  /** Times each commander (by def) was cast from the command zone. */
  castCount: Record<string, number>;
  eliminated: boolean;
  mulligans: number;
  kept: boolean;
  handRevealed: boolean;
  topRevealed: boolean;
  /** Cards on top of a zone this player is looking at (scry, surveil, search: n = whole zone). */
  looking: { zone: "library" | "schemes"; n: number } | null;
  /** Tokens this player's decklist says they can create (its Tokens section), by def. */
  tokens: number[];
  /**
   * Revealing from the top until a card matches (excavate, cascade…): the top `n` cards are
   * revealed; `hit`: the last of them matched. Absent when not revealing.
   */
  dig?: { n: number; hit: boolean };
  /** This seat is played by the table itself (the sparring partner): it never has a person. */
  sparring?: true;
}

export type Phase = "mulligan" | "playing" | "finished";

export interface Turn {
  active: number;
  number: number;
  round: number;
  /** Players who take an extra turn next, in order. */
  extra: number[];
  planarRolls: number;
}

export type MulliganRule = "london" | "londonFreeFirst" | "friendly" | "free";
export type Format = "commander" | "constructed" | "limited" | "free";

export interface Helpers {
  /** The new active player untaps what they control. */
  untap: boolean;
  /** The new active player draws a card. */
  draw: boolean;
  /** Planeswalkers enter with their loyalty. */
  countersOnEnter: boolean;
  /** Casting a commander from the command zone counts towards its tax. */
  commanderTax: boolean;
}

/**
 * Who ends the game. "agreed": ending it, and who won, needs every player still in it (or it
 * ends by itself when everyone else has conceded). "declared": any player ends it alone (the
 * rule of games dealt before; kept so their stored logs replay as they were played).
 */
export type Ending = "agreed" | "declared";

/** How a finished game ended: everyone still in agreed, everyone else conceded, or one player declared it (older games). */
export type EndedBy = "agreed" | "conceded" | "declared";

export interface Options {
  format: Format;
  startingLife: number;
  handSize: number;
  mulligan: MulliganRule;
  /** The first player skips the first draw (on with 1–2 players). */
  firstSkipsDraw: boolean;
  helpers: Helpers;
  /** Kitchen-table mode: everyone touches everything. */
  everyoneTouches: boolean;
  /**
   * none; Two-Headed Giant (pairs of seats share one life total and their turns); or teams, any
   * grouping of seats (Player.team), each player with their own life and turn.
   */
  teams: "none" | "twoHeadedGiant" | "teams";
  /**
   * With teams: teammates count as opponents for "each opponent" (drain, extort). Absent: off.
   */
  friendlyFire?: boolean;
  planechase: boolean;
  /** Seat of the archenemy, or null. */
  archenemy: number | null;
  firstPlayer: number;
  ending: Ending;
}

export interface TableGame {
  /** Model version. */
  v: 1;
  /** Number of the last applied event (0 = none). Not part of the fingerprint. */
  seq: number;
  phase: Phase;
  options: Options;
  players: Player[];
  defs: CardDef[];
  /** Every card on the table by id (written as an object keyed by id). Never changed in place: a Draft writes its own copy. */
  cards: CardIndex<Card>;
  zones: Record<string, number[]>;
  turn: Turn;
  arrows: Arrow[];
  /** Monarch, initiative, day/night…: holder seat or null (a table-wide marker). */
  designations: Record<string, number | null>;
  /**
   * Serial stamp: the z order of cards entering the battlefield (and, in games dealt before
   * random ids, the next card id too).
   */
  nextId: number;
  /**
   * State of the id stream (PCG32, seeded from the deal's seed): every new card id is drawn
   * from it, so an id says nothing about the card's decklist position or history, and replays
   * and restores draw the same ids. null: a game dealt before random ids (ids were `nextId`).
   */
  idRng: RngState | null;
  winners: number[] | null;
  /** How the game ended (null while it goes on). */
  ended: EndedBy | null;
  /**
   * The phantom opponent of a goldfish game (solo, no sparring partner): a life total and
   * poison counters to count your damage against. Absent in other games.
   */
  phantom?: { life: number; poison: number };
  /** Small markers anyone may place on a player's board and remove. Absent: none yet. */
  signals?: Signal[];
}

/** A marker on a player's board (its position in that board's 0..POS_MAX space). */
export interface Signal {
  /** Serial id (public: signals are public, so it tells nothing). */
  id: number;
  /** Seat whose board it is on. */
  board: number;
  pos: Pos;
  colour: SignalColour;
  /** Who placed it. */
  by: number;
}

export const NO_PT: Pt = { power: 0, toughness: 0 };
