// Drawing, the mulligan, starting the game and passing the turn, with the table's helpers
// (untap, draw) that players can switch off.

import type { Rng } from "../core/rng.js";
import { allCards, type Draft } from "./draft.js";
import { moveCard, shuffleZone, topIds } from "./moves.js";
import { zoneKey, type TableGame } from "./types.js";

/** Draws up to n cards (fewer when the library runs out); drawn cards go to the top (end) of the hand. */
export function drawCards(d: Draft, player: number, n: number): number {
  const ids = topIds(d, zoneKey("library", player), n);
  for (const id of ids) moveCard(d, id, { zone: "hand", player, place: "top" }, player, null);
  return ids.length;
}

const live = (d: Draft, p: number) => !d.g.players[p].eliminated;

/** Two-Headed Giant: teammates share their turns. */
export function sameSide(g: TableGame, a: number, b: number): boolean {
  if (a === b) return true;
  const ta = g.players[a]?.team;
  return g.options.teams === "twoHeadedGiant" && ta !== null && ta !== undefined && ta === g.players[b]?.team;
}

/** How many cards a player keeping now must put on the bottom (null: any number). */
export function bottomCount(d: Draft, player: number): number | null {
  const m = d.g.players[player].mulligans;
  switch (d.g.options.mulligan) {
    case "london":
      return m;
    case "londonFreeFirst":
      return Math.max(0, m - 1);
    case "friendly":
      return 0;
    case "free":
      return null;
  }
}

/** Shuffles the hand into the library and draws a new one. */
export function mulligan(d: Draft, player: number, rng: Rng): void {
  const hand = [...d.ids(zoneKey("hand", player))];
  for (const id of hand) moveCard(d, id, { zone: "library", player, place: "top" }, player, null);
  shuffleZone(d, zoneKey("library", player), rng);
  const p = d.player(player);
  p.mulligans = Math.min(1000, p.mulligans + 1);
  drawCards(d, player, d.g.options.handSize);
}

/** Keeps the hand with `bottom` (already checked) put on the bottom in that order. */
export function keep(d: Draft, player: number, bottom: number[]): void {
  for (const id of bottom) moveCard(d, id, { zone: "library", player, place: "bottom" }, player, null);
  d.player(player).kept = true;
  maybeStart(d);
}

/** Nobody starts until every player still in the game has kept. */
export function maybeStart(d: Draft): void {
  if (d.g.phase !== "mulligan") return;
  if (!d.g.players.every((p) => p.eliminated || p.kept)) return;
  const g = d.general();
  g.phase = "playing";
  let first = g.options.firstPlayer;
  for (let k = 0; k < g.players.length && !live(d, first); k++) first = (first + 1) % g.players.length;
  g.turn.active = first;
  g.turn.number = 1;
  g.turn.round = 1;
  startTurn(d, !g.options.firstSkipsDraw);
}

/** The new active player (with a Two-Headed Giant team: both) untaps and draws, when those helpers are on. */
function startTurn(d: Draft, draws: boolean): void {
  const g = d.g;
  for (let p = 0; p < g.players.length; p++) {
    if (!live(d, p) || !sameSide(g, p, g.turn.active)) continue;
    if (g.options.helpers.untap) untapAll(d, p);
    if (g.options.helpers.draw && draws) drawCards(d, p, 1);
  }
}

export function untapAll(d: Draft, player: number): void {
  for (const id of d.ids(zoneKey("battlefield", player))) {
    const c = d.g.cards.get(id)!;
    if (c.tapped && !c.noUntap && c.controller === player) d.card(id).tapped = false;
  }
}

/**
 * Passes the turn: until-end-of-turn P/T and arrows are cleared, extra turns go first, the round
 * goes up when play wraps around the table, the next active player untaps and draws.
 */
export function passTurn(d: Draft): void {
  const g = d.general();
  for (const c of allCards(g)) {
    if (c.pt.eot.power !== 0 || c.pt.eot.toughness !== 0) d.card(c.id).pt.eot = { power: 0, toughness: 0 };
    // Highlights point at something for this turn, like arrows.
    if (c.highlight) delete d.card(c.id).highlight;
  }
  g.arrows = [];
  g.turn.planarRolls = 0;
  const n = g.players.length;
  if (g.players.every((p) => p.eliminated)) return;
  let next: number;
  const extra = g.turn.extra.findIndex((p) => live(d, p));
  if (extra >= 0) {
    next = g.turn.extra[extra];
    g.turn.extra.splice(0, extra + 1);
  } else {
    next = g.turn.active;
    // The next seat still playing that is not on the active side (a 2HG teammate shares the turn).
    for (let k = 0; k < n; k++) {
      next = (next + 1) % n;
      if (live(d, next) && (!sameSide(g, next, g.turn.active) || k === n - 1)) break;
    }
    if (wraps(g.turn.active, next, g.options.firstPlayer, n)) g.turn.round++;
  }
  g.turn.active = next;
  g.turn.number++;
  startTurn(d, true);
}

/** True when going from `a` to `b` (forward around the table) passes the first player's seat. */
function wraps(a: number, b: number, first: number, n: number): boolean {
  const dist = (x: number) => (x - first + n) % n;
  return dist(b) <= dist(a);
}

/** After someone is eliminated: the turn moves on by itself (to a teammate first), the mulligan may be over. */
export function afterElimination(d: Draft, player: number): void {
  if (d.g.phase === "mulligan") maybeStart(d);
  else if (d.g.phase === "playing" && d.g.turn.active === player) {
    const mate = d.g.players.findIndex((p, i) => i !== player && !p.eliminated && sameSide(d.g, i, player));
    if (mate >= 0) d.general().turn.active = mate;
    else passTurn(d);
  }
}
