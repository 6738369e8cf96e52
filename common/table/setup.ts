// Dealing a game: 1–10 seats, each with a deck. Commanders and companions go to the command
// zone, the sideboard apart, every player's planes into one shuffled planar deck, schemes into
// their player's deck; libraries are shuffled with the seed, Two-Headed Giant pairs seats into
// teams, and everyone draws an opening hand and starts deciding the mulligan.

import { createRng, type Seed } from "../core/rng.js";
import { deckSize, emptyDeck, standardDeck, type Deck, type Section } from "./deck.js";
import { CardIndex } from "./cardIndex.js";
import { Draft } from "./draft.js";
import { ARCHENEMY_LIFE, defaultOptions, type Variants } from "./format.js";
import { blankCard, insert } from "./moves.js";
import { drawCards } from "./turn.js";
import { MAX_CARDS, MAX_DEFS, MAX_PLAYERS, MAX_TOKEN_KINDS, NO_PT, zoneKey, type Card, type CardDef, type Format, type Options, type Player, type TableGame, type ZoneName } from "./types.js";

export interface TableConfig {
  format: Format;
  variants?: Variants;
  /** Player names by seat (defaults "Player 1"…). */
  names?: string[];
  /** Decks by seat; a seat without one gets the built-in 52-card deck. */
  decks?: Deck[];
  /** Changes to the format's defaults. */
  options?: Partial<Omit<Options, "helpers">> & { helpers?: Partial<Options["helpers"]> };
  /**
   * Card ids: "random" (the default: drawn from the game's id stream) or "sequential" (1, 2, 3…
   * in decklist order, as games were dealt before; only to replay their stored logs).
   */
  ids?: "random" | "sequential";
  /** Seats the table plays by itself (sparring.ts): they never have a person. */
  sparring?: number[];
}

/** PCG32 stream of the deal (events carry their own seeds). */
export const SETUP_STREAM = 0x7ab1e;
/** PCG32 stream of the card ids (TableGame.idRng), seeded with the deal's seed. */
export const ID_STREAM = 0x1d5;

const WHERE: Partial<Record<Section, ZoneName>> = {
  main: "library",
  commander: "command",
  companion: "command",
  sideboard: "sideboard",
  planes: "planes",
  schemes: "schemes",
};

function newPlayer(name: string, life: number): Player {
  return {
    name,
    team: null,
    life,
    poison: 0,
    commanderDamage: {},
    trackers: {},
    castCount: {},
    eliminated: false,
    mulligans: 0,
    kept: false,
    handRevealed: false,
    topRevealed: false,
    looking: null,
    tokens: [],
  };
}

/**
 * The parts of a card nobody has written, shared by every card a deal makes: 4,000 cards of
 * eight objects each were most of an eight-seat deal's allocation (issue 36 point 4). Frozen, so
 * a write that did not copy the card first (Draft.card does) throws instead of changing them all.
 */
export const UNTOUCHED = Object.freeze({
  counters: Object.freeze({}) as Card["counters"],
  keywords: Object.freeze([]) as unknown as string[],
  labels: Object.freeze([]) as unknown as string[],
  pt: Object.freeze({ other: Object.freeze({ ...NO_PT }), eot: Object.freeze({ ...NO_PT }), fixed: Object.freeze({ ...NO_PT }) }) as Card["pt"],
});

/** A legacy number seed is taken as a 32-bit word, as the deal always took it; a 128-bit seed as it is. */
const legacyWord = (seed: Seed): Seed => (typeof seed === "number" ? seed >>> 0 : seed);

export function setupTable(seed: Seed, config: TableConfig, seats: number): TableGame {
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_PLAYERS) throw new RangeError(`Card table seats ${seats}: use 1..${MAX_PLAYERS}`);
  const o = config.options ?? {};
  const options: Options = { ...defaultOptions(config.format, config.variants ?? {}, seats), ...o, helpers: { ...defaultOptions(config.format, {}, seats).helpers, ...o.helpers } };
  if (options.archenemy !== null && (options.archenemy < 0 || options.archenemy >= seats)) options.archenemy = null;
  if (options.firstPlayer < 0 || options.firstPlayer >= seats) options.firstPlayer = 0;
  const players = Array.from({ length: seats }, (_, i) => newPlayer((config.names?.[i] ?? `Player ${i + 1}`).slice(0, 60), options.startingLife));
  if (options.teams === "twoHeadedGiant") players.forEach((p, i) => (p.team = i >> 1));
  if (options.teams === "teams") {
    const of = config.variants?.teamOf ?? [];
    players.forEach((p, i) => (p.team = Number.isInteger(of[i]) && of[i] > 0 && of[i] <= MAX_PLAYERS ? of[i] : null));
    if (!players.some((p) => p.team !== null)) {
      options.teams = "none";
      delete options.friendlyFire;
    }
  }
  if (options.archenemy !== null) players[options.archenemy].life = ARCHENEMY_LIFE;
  for (const i of config.sparring ?? []) if (players[i]) players[i].sparring = true;

  const base: TableGame = {
    v: 1,
    seq: 0,
    phase: "mulligan",
    options,
    players,
    defs: [],
    cards: new CardIndex(),
    zones: {},
    turn: { active: options.firstPlayer, number: 0, round: 0, extra: [], planarRolls: 0 },
    arrows: [],
    designations: {},
    nextId: 1,
    idRng: config.ids === "sequential" ? null : createRng(legacyWord(seed), ID_STREAM).getState(),
    winners: null,
    ended: null,
    // Goldfish (one seat): a phantom opponent to count damage against.
    ...(seats === 1 ? { phantom: { life: options.startingLife, poison: 0 } } : {}),
  };
  const d = new Draft(base);
  // Start the set of attached or piled cards now, while the table is empty: the opening hands'
  // draws then read it instead of walking the 4,000 cards just dealt (Draft.linked).
  d.linked();
  const defIndex = new Map<string, number>();
  const defOf = (def: CardDef) => {
    const key = JSON.stringify(def);
    let i = defIndex.get(key);
    if (i === undefined) {
      if (d.g.defs.length >= MAX_DEFS) throw new RangeError(`Card table: more than ${MAX_DEFS} different cards`);
      i = d.defs().push({ ...def }) - 1;
      defIndex.set(key, i);
    }
    return i;
  };
  let total = 0;
  for (let seat = 0; seat < seats; seat++) {
    const deck = config.decks?.[seat] ?? standardDeck();
    for (const section of Object.keys(WHERE) as Section[]) {
      const zone = WHERE[section]!;
      if (zone === "planes" && !options.planechase) continue;
      if (zone === "schemes" && options.archenemy !== seat) continue;
      total += deckSize(deck, section);
      if (total > MAX_CARDS) throw new RangeError(`Card table: more than ${MAX_CARDS} cards in all decks`);
      for (const e of deck[section]) {
        const def = defOf(e.def);
        for (let k = 0; k < e.count; k++) {
          const key = zoneKey(zone, seat);
          const id = d.newId();
          // Its untouched parts shared with every dealt card, and so not the draft's to write in place (Draft.addShared).
          d.addShared(blankCard(id, def, seat, key, 0, d.zOf(id, false), UNTOUCHED));
          insert(d, key, id, "bottom", undefined, null);
        }
      }
    }
  }
  for (let seat = 0; seat < seats; seat++) {
    const tokens = (config.decks?.[seat]?.tokens ?? []).slice(0, MAX_TOKEN_KINDS);
    if (tokens.length) d.player(seat).tokens = tokens.map((e) => defOf({ type: "Token", ...e.def, permanent: true }));
  }
  const rng = createRng(legacyWord(seed), SETUP_STREAM);
  for (let seat = 0; seat < seats; seat++) {
    rng.shuffle(d.zone(zoneKey("library", seat)));
    rng.shuffle(d.zone(zoneKey("schemes", seat)));
  }
  rng.shuffle(d.zone("planes"));
  if (options.planechase && d.ids("planes").length) {
    const top = d.zone("planes").shift()!;
    d.card(top).at = "plane";
    d.zone("plane").push(top);
  }
  for (let seat = 0; seat < seats; seat++) drawCards(d, seat, options.handSize);
  return d.g;
}

export { emptyDeck };
