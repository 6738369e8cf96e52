// Copy-on-write working copy of a game. Apply writes only through a Draft, so the game it
// started from is never touched (a refused event leaves it as it was) and what changed is
// known without comparing whole games: that is the Touched set views are patched with.

import { createRng, type Rng } from "../core/rng.js";
import { CardIndex } from "./cardIndex.js";
import { MAX_CARD_ID, type Card, type Player, type TableGame } from "./types.js";

export interface Touched {
  cards: number[];
  zones: string[];
  players: number[];
  /** Turn, phase, options, arrows, designations or winners changed. */
  general: boolean;
}

export function cloneCard(c: Card): Card {
  return {
    ...c,
    counters: { ...c.counters },
    keywords: [...c.keywords],
    labels: [...c.labels],
    pt: { other: { ...c.pt.other }, eot: { ...c.pt.eot }, fixed: { ...c.pt.fixed } },
    pos: c.pos ? { ...c.pos } : null,
    shownTo: Array.isArray(c.shownTo) ? [...c.shownTo] : c.shownTo,
  };
}

export function clonePlayer(p: Player): Player {
  return {
    ...p,
    commanderDamage: { ...p.commanderDamage },
    trackers: { ...p.trackers },
    castCount: { ...p.castCount },
    looking: p.looking ? { ...p.looking } : null,
    tokens: [...p.tokens],
    ...(p.dig ? { dig: { ...p.dig } } : {}),
  };
}

/** A whole independent copy (snapshots, restores). */
export function cloneGame(g: TableGame): TableGame {
  const cards = new CardIndex<Card>();
  for (const [id, c] of g.cards) cards.set(id, cloneCard(c));
  const zones: Record<string, number[]> = {};
  for (const k in g.zones) zones[k] = [...g.zones[k]];
  return { ...cloneSmallParts(g), cards, zones };
}

/** A copy of everything of a game but its cards and zones (players, options, defs, turn…). */
export function cloneSmallParts<G extends Omit<TableGame, "cards" | "zones">>(g: G): G {
  return {
    ...g,
    options: { ...g.options, helpers: { ...g.options.helpers } },
    players: g.players.map(clonePlayer),
    defs: g.defs.map((d) => ({ ...d })),
    turn: { ...g.turn, extra: [...g.turn.extra] },
    arrows: g.arrows.map((a) => ({ ...a, to: { ...a.to } })),
    designations: { ...g.designations },
    winners: g.winners ? [...g.winners] : null,
    ...(g.phantom ? { phantom: { ...g.phantom } } : {}),
    ...(g.signals ? { signals: g.signals.map((s) => ({ ...s, pos: { ...s.pos } })) } : {}),
  };
}

/**
 * Every card of `g`, zone by zone. Every card is in a zone (validate.ts), and walking the zones
 * reads the cards by number: a `for…in` over a 4,000-card index (random ids: a dictionary) takes
 * 1–5 ms, this a tenth of a millisecond.
 */
export function allCards(g: TableGame): Card[] {
  const out: Card[] = [];
  for (const key in g.zones) {
    for (const id of g.zones[key]) {
      const c = g.cards.get(id);
      if (c) out.push(c);
    }
  }
  return out;
}

/** Every card of `g` in order of id (the order a game's index had as an object: where order matters). */
export function cardsById(g: TableGame): Card[] {
  return [...g.cards.values()].sort((a, b) => a.id - b.id);
}

/** The id the next new card of `g` most likely gets (the first draw of its id stream). */
export function peekNewId(g: TableGame): number {
  if (!g.idRng) return g.nextId;
  const r = createRng(0);
  r.setState(g.idRng);
  return 1 + r.int(MAX_CARD_ID);
}

/**
 * The linked() set of a card index a draft made (or read), kept for the drafts made from the game
 * it became: a superset of its cards that are attached or piled (each card's fields are read
 * before use), so the next draft starts from it instead of walking 4,000 cards again.
 */
const linksOf = new WeakMap<object, Set<number>>();

export class Draft {
  readonly g: TableGame;
  private cardsDone = new Set<number>();
  private zonesDone = new Set<string>();
  private playersDone = new Set<number>();
  private generalDone = false;
  private defsCopied = false;
  /** The id stream, from the game's idRng on the first id drawn. */
  private idStream: Rng | null = null;
  /** Cards given new ids in place during this draft (moves.ts reissue): old id → new id. */
  private renames = new Map<number, number>();

  /** Cards added with their parts shared (addShared): touched, not owned. */
  private sharedIn = new Set<number>();

  /** See linked(): null until first asked. */
  private links: Set<number> | null = null;

  /** Whether `g.cards` is this draft's own index yet (copied on the first card written: a Map of 4,000 cards takes ~0.25 ms, an object of them took ~2.5). */
  private cardsOwned = false;

  constructor(readonly base: TableGame) {
    this.g = { ...base, cards: base.cards, zones: { ...base.zones }, players: [...base.players] };
  }

  private ownCards(): CardIndex {
    if (!this.cardsOwned) {
      this.g.cards = new CardIndex(this.g.cards);
      this.cardsOwned = true;
      if (this.links) linksOf.set(this.g.cards, this.links);
    }
    return this.g.cards;
  }

  /** A card to read (undefined when there is none with that id). */
  peek(id: number): Card | undefined {
    return this.g.cards.get(id);
  }

  /** A card to write. */
  card(id: number): Card {
    if (!this.cardsDone.has(id)) {
      this.ownCards().set(id, cloneCard(this.g.cards.get(id)!));
      this.cardsDone.add(id);
    }
    // Written from now on: it may be attached or piled (see linked()).
    this.links?.add(id);
    return this.g.cards.get(id)!;
  }

  addCard(c: Card): void {
    this.ownCards().set(c.id, c);
    this.cardsDone.add(c.id);
    if (c.attachedTo !== null || c.under !== null) this.links?.add(c.id);
  }

  /**
   * Ids of the cards that may be attached to or piled under another (a superset: read each
   * card's fields). Found by one walk of the table on first use in this draft; then every card
   * written or added joins it. So setting a card loose when another leaves its zone (moves.ts
   * release) reads these few cards, not all 4,000 for every card moved (a deal draws 56).
   */
  linked(): ReadonlySet<number> {
    if (!this.links) {
      const g = this.g;
      const known = linksOf.get(g.cards);
      if (known) {
        // The draft this game came from kept its set: it, and whatever this one wrote so far.
        this.links = new Set(known);
        for (const id of this.cardsDone) this.links.add(id);
        for (const id of this.sharedIn) this.links.add(id);
      } else {
        this.links = new Set();
        for (const key in g.zones) {
          for (const id of g.zones[key]) {
            const c = g.cards.get(id);
            if (c && (c.attachedTo !== null || c.under !== null)) this.links.add(id);
          }
        }
      }
      linksOf.set(g.cards, this.links);
    }
    return this.links;
  }

  /**
   * A card whose nested parts (counters, keywords, labels, P/T rows, position, the list it is
   * shown to) may be shared with other cards: a renamed card's with the card it was (moves.ts
   * reissue: a shuffled library's 500 cards), a dealt card's with every untouched card (setup.ts).
   * So it is not counted as this draft's own, and the first write to it (`card`) copies it, as
   * for any card of the game the draft came from.
   */
  addShared(c: Card): void {
    this.ownCards().set(c.id, c);
    this.sharedIn.add(c.id);
    if (c.attachedTo !== null || c.under !== null) this.links?.add(c.id);
  }

  deleteCard(id: number): void {
    this.ownCards().delete(id);
    this.cardsDone.add(id);
    this.links?.delete(id);
  }

  /** A zone's ids to read ([] when empty). */
  ids(key: string): readonly number[] {
    return Object.prototype.hasOwnProperty.call(this.g.zones, key) ? this.g.zones[key] : [];
  }

  /** A zone's ids to write. */
  zone(key: string): number[] {
    if (!this.zonesDone.has(key)) {
      this.g.zones[key] = [...this.ids(key)];
      this.zonesDone.add(key);
    }
    return this.g.zones[key];
  }

  player(i: number): Player {
    if (!this.playersDone.has(i)) {
      this.g.players[i] = clonePlayer(this.g.players[i]);
      this.playersDone.add(i);
    }
    return this.g.players[i];
  }

  /** Turn, options, arrows, designations, phase and winners, to write. */
  general(): TableGame {
    if (!this.generalDone) {
      const g = this.g;
      g.turn = { ...g.turn, extra: [...g.turn.extra] };
      g.options = { ...g.options, helpers: { ...g.options.helpers } };
      g.arrows = g.arrows.map((a) => ({ ...a, to: { ...a.to } }));
      g.designations = { ...g.designations };
      g.winners = g.winners ? [...g.winners] : null;
      this.generalDone = true;
    }
    return this.g;
  }

  defs() {
    if (!this.defsCopied) {
      this.g.defs = [...this.g.defs];
      this.defsCopied = true;
    }
    return this.g.defs;
  }

  /** Whether new ids are drawn at random (every game dealt since random ids; see TableGame.idRng). */
  get randomIds(): boolean {
    return this.g.idRng !== null;
  }

  /**
   * A new card id. Random ids: the next draw of the game's id stream not held by a card now (nor one
   * of `avoid`: the ids the cards being renamed had until now), so an id tells nothing of where the card came from.
   * Older games: the next serial number.
   */
  newId(avoid?: ReadonlySet<number>): number {
    if (!this.g.idRng) return this.g.nextId++;
    if (!this.idStream) {
      this.idStream = createRng(0);
      this.idStream.setState(this.g.idRng);
    }
    let id: number;
    do id = 1 + this.idStream.int(MAX_CARD_ID);
    while (avoid?.has(id) || this.g.cards.has(id));
    this.g.idRng = this.idStream.getState();
    return id;
  }

  /** Records that the card `from` now has the id `to` (it stayed where it was). */
  renamed(from: number, to: number): void {
    this.renames.set(from, to);
  }

  /** The id a card named `id` earlier in this draft has now (after any renames). */
  current(id: number): number {
    for (let k = 0; this.renames.has(id) && k < 100; k++) id = this.renames.get(id)!;
    return id;
  }

  /** The next z stamp (a card put on the battlefield goes on top of the others). */
  stamp(): number {
    return this.g.nextId++;
  }

  /**
   * The z of a card made now with id `id`: on the battlefield the next stamp; elsewhere 0 (the
   * zone's order says everything). Older games kept z = id there, as they were dealt.
   */
  zOf(id: number, onBattlefield: boolean): number {
    if (!this.randomIds) return id;
    return onBattlefield ? this.stamp() : 0;
  }

  touched(): Touched {
    return {
      cards: [...new Set([...this.cardsDone, ...this.sharedIn])].sort((a, b) => a - b),
      zones: [...this.zonesDone].sort(),
      players: [...this.playersDone].sort((a, b) => a - b),
      general: this.generalDone,
    };
  }
}
