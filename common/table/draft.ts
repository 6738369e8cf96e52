// Copy-on-write working copy of a game. Apply writes only through a Draft, so the game it
// started from is never touched (a refused event leaves it as it was) and what changed is
// known without comparing whole games: that is the Touched set views are patched with.

import type { Card, Player, TableGame } from "./types.js";

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
  };
}

/** A whole independent copy (snapshots, restores). */
export function cloneGame(g: TableGame): TableGame {
  const cards: Record<string, Card> = {};
  for (const k in g.cards) cards[k] = cloneCard(g.cards[k]);
  const zones: Record<string, number[]> = {};
  for (const k in g.zones) zones[k] = [...g.zones[k]];
  return {
    ...g,
    options: { ...g.options, helpers: { ...g.options.helpers } },
    players: g.players.map(clonePlayer),
    defs: g.defs.map((d) => ({ ...d })),
    cards,
    zones,
    turn: { ...g.turn, extra: [...g.turn.extra] },
    arrows: g.arrows.map((a) => ({ ...a, to: { ...a.to } })),
    designations: { ...g.designations },
    winners: g.winners ? [...g.winners] : null,
  };
}

export class Draft {
  readonly g: TableGame;
  private cardsDone = new Set<number>();
  private zonesDone = new Set<string>();
  private playersDone = new Set<number>();
  private generalDone = false;
  private defsCopied = false;

  constructor(readonly base: TableGame) {
    this.g = { ...base, cards: { ...base.cards }, zones: { ...base.zones }, players: [...base.players] };
  }

  /** A card to read (undefined when there is none with that id). */
  peek(id: number): Card | undefined {
    return Object.prototype.hasOwnProperty.call(this.g.cards, id) ? this.g.cards[id] : undefined;
  }

  /** A card to write. */
  card(id: number): Card {
    if (!this.cardsDone.has(id)) {
      this.g.cards[id] = cloneCard(this.g.cards[id]);
      this.cardsDone.add(id);
    }
    return this.g.cards[id];
  }

  addCard(c: Card): void {
    this.g.cards[c.id] = c;
    this.cardsDone.add(c.id);
  }

  deleteCard(id: number): void {
    delete this.g.cards[id];
    this.cardsDone.add(id);
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

  newId(): number {
    return this.g.nextId++;
  }

  touched(): Touched {
    return {
      cards: [...this.cardsDone].sort((a, b) => a - b),
      zones: [...this.zonesDone].sort(),
      players: [...this.playersDone].sort((a, b) => a - b),
      general: this.generalDone,
    };
  }
}
