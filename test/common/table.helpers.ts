// Shared helpers of the card table tests: small decks, a started game, acting with checks.

import { expect } from "chai";
import { createRng, type Rng, type Seed } from "../../common/core/rng.js";
import {
  parseDecklist,
  resolve,
  setupTable,
  viewTable,
  zoneKey,
  type Action,
  type Deck,
  type TableConfig,
  type TableEvent,
  type TableGame,
  type ZoneName,
} from "../../common/table/index.js";

export const LIST = `Commander
1 Captain Sisay | Legendary Creature — Human Soldier | {2}{G}{W} | 2/2
Deck
20 Forest | Basic Land — Forest
10 Grizzly Bears | Creature — Bear | {1}{G} | 2/2
5 Lightning Bolt | Instant | {R}
2 Garruk Wildspeaker | Legendary Planeswalker — Garruk | {2}{G}{G} | 3
2 The Eldest Reborn | Enchantment — Saga | {4}{B}
1 Sol Ring | Artifact | {1}
Sideboard
2 Duress | Sorcery | {B}
Tokens
1 Goblin | Token Creature — Goblin | | 1/1
`;

export function testDeck(): Deck {
  const r = parseDecklist(LIST);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join("\n"));
  return r.deck;
}

export function newGame(seats = 2, config: Partial<TableConfig> = {}, seed: Seed = 7): TableGame {
  return setupTable(seed, { format: "constructed", decks: Array.from({ length: seats }, testDeck), ...config }, seats);
}

export interface Step {
  event: TableEvent;
  game: TableGame;
}

/** Resolves and applies; fails the test on a rejection. */
export function act(g: TableGame, actor: number, action: Action, rng: Rng = createRng(1)): Step {
  const r = resolve(g, actor, action, rng, 1000);
  if (!r.ok) throw new Error(`${action.do} by ${actor} refused: ${r.error.code}: ${r.error.message}`);
  return { event: r.event, game: r.game };
}

/** The rejection code (fails the test when accepted), and checks the game did not change. */
export function refused(g: TableGame, actor: number, action: unknown): string {
  const before = JSON.stringify(g);
  const r = resolve(g, actor, action, createRng(1), 1000);
  expect(JSON.stringify(g)).to.equal(before);
  if (r.ok) throw new Error(`${JSON.stringify(action)} by ${actor} was accepted`);
  return r.error.code;
}

/** Every seat keeps its 7 (the game starts). */
export function started(seats = 2, config: Partial<TableConfig> = {}, seed: Seed = 7): TableGame {
  let g = newGame(seats, config, seed);
  for (let p = 0; p < seats; p++) g = act(g, p, { do: "keep", bottom: [] }).game;
  return g;
}

/** Ids of `after` that `before` did not have (cards that got a new id, or are new), in zone order. */
export const fresh = (before: TableGame, after: TableGame): number[] => Object.values(after.zones).flat().filter((id) => !before.cards.get(id));

export const ids = (g: TableGame, zone: ZoneName, player: number): number[] => [...(g.zones[zoneKey(zone, player)] ?? [])];
export const nameOf = (g: TableGame, id: number): string => g.defs[g.cards.get(id)!.def].name;
export const names = (g: TableGame, zone: ZoneName, player: number): string[] => ids(g, zone, player).map((id) => nameOf(g, id));
export const top = (g: TableGame, zone: ZoneName, player: number): number => {
  const z = ids(g, zone, player);
  return zone === "library" || zone === "schemes" ? z[0] : z[z.length - 1];
};
/** First card of `zone` whose name matches. */
export const find = (g: TableGame, zone: ZoneName, player: number, name: string): number => {
  const id = ids(g, zone, player).find((i) => nameOf(g, i) === name);
  if (id === undefined) throw new Error(`no ${name} in ${player}.${zone}`);
  return id;
};

/** Puts a named card from the library straight into a zone (test setup, not an action). */
export function put(g: TableGame, name: string, zone: ZoneName, player: number): { game: TableGame; id: number } {
  const id = [...ids(g, "library", player), ...ids(g, "hand", player)].find((i) => nameOf(g, i) === name);
  if (id === undefined) throw new Error(`no ${name} in library or hand ${player}`);
  const s = act({ ...g, options: { ...g.options, everyoneTouches: true } }, player, { do: "search" });
  const m = act(s.game, player, { do: "move", card: id, zone, player, place: zone === "battlefield" ? "battlefield" : "top" });
  const game = { ...m.game, options: g.options, players: m.game.players.map((p, i) => (i === player ? { ...p, looking: null } : p)) };
  const z = ids(game, zone, player);
  return { game, id: zone === "library" ? z[0] : z[z.length - 1] };
}

export { viewTable };
