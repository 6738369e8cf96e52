// Resolve: what the host does with a player's intention. It checks permissions, decides
// randomness (a fresh seed from the session's Rng carried in the event, or the dice results
// themselves), and applies the event to be sure it fits, returning both.
//
// Permissions: each player touches what they control on the battlefield and the stack and what
// is theirs in their own zones; anyone changes life, arrows, trackers and chat; only the active
// player passes the turn; nobody looks into another player's library. `everyoneTouches` opens
// everything, like a real kitchen table. Undo, redo and restart are the log's (log.ts).

import type { Rng } from "../core/rng.js";
import { applyParsed, type Applied } from "./apply.js";
import { isSessionAction, needsSeed, parseAction, type Action, type Rejection } from "./catalogue.js";
import { fail, noCard } from "./context.js";
import { TABLE_ACTOR, type Change, type TableEvent } from "./events.js";
import { sameSide } from "./turn.js";
import { publicZone, seesId } from "./visibility.js";
import { isShared, parseZoneKey, type TableGame } from "./types.js";

export type Resolved = { ok: true; event: TableEvent; game: TableGame; touched: Extract<Applied, { ok: true }>["touched"] } | { ok: false; error: Rejection };

/** Actions allowed while players are still deciding on their opening hands. */
const DURING_MULLIGAN = new Set<string>(["mulligan", "keep", "chat", "concede", "rollDice", "flipCoins", "helpers", "endGame", "life", "setLife", "poison", "tracker", "designation", "revealHand", "thumbCoins", "teams", "phantom", "signal", "removeSignal"]);
/** Actions anyone may do to anyone. */
const ANYONE = new Set<string>(["life", "setLife", "poison", "commanderDamage", "tracker", "designation", "chat", "rollDice", "flipCoins", "extraTurn", "helpers", "endGame", "clearArrows", "drain", "extort", "thumbCoins", "highlight", "signal", "removeSignal", "teams", "phantom"]);

/** Card ids an action touches (and must be the actor's to touch), and ids it only needs to see. */
function named(a: Action): { touch: number[]; see: number[] } {
  switch (a.do) {
    case "arrow":
      return { touch: [], see: [a.from, ...(a.toCard !== undefined ? [a.toCard] : [])] };
    case "attach":
      return { touch: [a.card], see: a.to !== undefined ? [a.to] : [] };
    case "copy":
    case "highlight":
      return { touch: [], see: [a.card] };
    case "addAbility":
      return { touch: [], see: a.card !== undefined ? [a.card] : [] };
    case "arrange":
      return { touch: [...a.top, ...a.bottom, ...(a.graveyard ?? [])], see: [] };
    case "keep":
      return { touch: a.bottom, see: [] };
    case "pile":
      return { touch: [...a.cards, a.under], see: [] };
    default:
      return { touch: "card" in a && typeof a.card === "number" ? [a.card] : [], see: [] };
  }
}

/** The active player, a Two-Headed Giant teammate, or anyone while the sparring partner (played by the table) has the turn. */
export function maySpeakForTurn(g: TableGame, actor: number): boolean {
  return sameSide(g, actor, g.turn.active) || !!g.players[g.turn.active]?.sparring;
}
/** The players still in the game (not conceded), by seat; a sparring partner agrees with anything, so it has no say. */
export const stillIn = (g: TableGame): number[] => g.players.flatMap((p, i) => (p.eliminated || p.sparring ? [] : [i]));

/**
 * A player alone cannot end a shared game, nor say who won: everyone still in it must agree
 * (the table's vote, game.ts), or everyone else concedes. Conceding yourself is one action.
 */
export const NEEDS_AGREEMENT = fail("needs-agreement", "Everyone still playing must agree to end the game: propose it, and it ends when they all agree (or when everyone else has conceded).");

/** Why `actor` may not do `a`, or null. */
export function permission(g: TableGame, actor: number, a: Action): Rejection | null {
  if (isSessionAction(a.do)) return fail("session-action", "Undo, redo and restart go through the table's log.");
  if (!Number.isInteger(actor) || actor < 0 || actor >= g.players.length) return fail("not-seated", "Take a seat at the table to play.");
  if (g.phase === "finished" && a.do !== "chat") return fail("finished", "The game is over; start a new one to play again.");
  if (g.players[actor].eliminated && a.do !== "chat") return fail("eliminated", "You have left this game; you can still chat.");
  if (g.phase === "mulligan" && !DURING_MULLIGAN.has(a.do)) return fail("mulligan", "Everyone is still deciding on their opening hand; the game starts when all have kept.");
  if (a.do === "passTurn" && !maySpeakForTurn(g, actor)) return fail("not-your-turn", "Only the active player (or their Two-Headed Giant teammate) passes the turn.");
  if (a.do === "endGame" && g.options.ending === "agreed" && stillIn(g).some((p) => p !== actor)) return NEEDS_AGREEMENT;
  if ((a.do === "lookTop" || a.do === "search") && a.player !== undefined && a.player !== actor) return fail("not-your-library", "You may look only into your own library.");
  if (a.do === "arrange" && !g.players[actor].looking) return fail("not-looking", "Look at the top of your library first.");
  const { touch, see } = named(a);
  // A card whose id the actor does not see is, for them, no card at all: the same refusal, word
  // for word, as an id that never existed. Anything else would let a player probe ids and learn
  // what is in a hand or a library.
  for (const id of [...touch, ...see]) {
    const c = g.cards.get(id);
    if (!c || !seesId(g, actor, c)) return noCard();
  }
  if (g.options.everyoneTouches || ANYONE.has(a.do)) return null;
  for (const id of touch) {
    const c = g.cards.get(id)!;
    const ref = parseZoneKey(c.at);
    if (!ref) continue;
    const mine = ref.zone === "battlefield" || ref.zone === "stack" ? c.controller === actor : isShared(ref.zone) ? true : ref.player === actor;
    if (!mine) return fail("not-yours", "That card is not yours to touch; ask its player, or switch on 'everyone touches everything'.");
  }
  return null;
}

/**
 * Other players whose hidden zones (hand, library, sideboard, scheme deck) `a` would touch: a
 * room freezes such an action while one of them is disconnected.
 */
export function touchesHiddenOf(g: TableGame, actor: number, a: Action): number[] {
  const out = new Set<number>();
  const { touch } = named(a);
  for (const id of touch) {
    const c = g.cards.get(id);
    // Only cards the actor sees count: any other is refused as no card (permission) before a
    // room asks this, and must not answer differently here either.
    const ref = c && seesId(g, actor, c) ? parseZoneKey(c.at) : null;
    if (ref && ref.player >= 0 && ref.player !== actor && !publicZone(ref.zone)) out.add(ref.player);
  }
  if ((a.do === "lookTop" || a.do === "search") && a.player !== undefined && a.player !== actor) out.add(a.player);
  return [...out].sort((x, y) => x - y);
}

const roll = (rng: Rng, n: number, sides: number) => Array.from({ length: n }, () => 1 + rng.int(sides));

/** Randomness decided now and carried in the event. */
function randomness(a: Action, rng: Rng): Pick<Extract<Change, { type: "action" }>, "seed" | "result"> {
  switch (a.do) {
    case "rollDice":
      return { result: roll(rng, a.n ?? 1, a.sides) };
    case "flipCoins":
      return { result: Array.from({ length: a.n ?? 1 }, () => rng.int(2)) };
    case "thumbCoins":
      return { result: Array.from({ length: Math.min(40, (a.n ?? 1) * 2 ** (a.thumbs ?? 1)) }, () => rng.int(2)) };
    case "rollPlanarDie": {
      // Six faces: one chaos (1), one planeswalk (2), four blank (0).
      const f = rng.int(6);
      return { result: [f === 0 ? 1 : f === 1 ? 2 : 0] };
    }
    default:
      return needsSeed(a.do) ? { seed: rng.nextSeed() } : {};
  }
}

/** Resolves an untrusted intention from seat `actor` into the next event. */
export function resolve(g: TableGame, actor: number, rawAction: unknown, rng: Rng, now: number): Resolved {
  return resolveAs(g, actor, rawAction, rng, now, false);
}

/**
 * The host itself acting for the table (e.g. passing an absent player's turn): no seat and no
 * permissions, only a finished game refuses. Kept apart from resolve so that no seat number a
 * room uses (say -1 for spectators) can ever act as the table.
 */
export function resolveForTable(g: TableGame, rawAction: unknown, rng: Rng, now: number): Resolved {
  return resolveAs(g, TABLE_ACTOR, rawAction, rng, now, true);
}

function resolveAs(g: TableGame, actor: number, rawAction: unknown, rng: Rng, now: number, host: boolean): Resolved {
  const parsed = parseAction(rawAction);
  if (!parsed.ok) return parsed;
  const a = parsed.action;
  const denied = host
    ? isSessionAction(a.do)
      ? fail("session-action", "Undo, redo and restart go through the table's log.")
      : g.phase === "finished"
        ? fail("finished", "The game is over.")
        : null
    : permission(g, actor, a);
  if (denied) return { ok: false, error: denied };
  const before = rng.getState();
  const change: Change = { type: "action", action: a, ...randomness(a, rng) };
  const event: TableEvent = { seq: g.seq + 1, actor, t: now, change };
  const applied = applyParsed(g, event);
  if (!applied.ok) {
    rng.setState(before); // a refused intention draws nothing
    return applied;
  }
  return {
    ok: true,
    event,
    game: applied.game,
    get touched() {
      return applied.touched;
    },
  };
}
