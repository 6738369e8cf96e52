// Random intentions for the card table's property tests and benchmark: mostly sensible ones
// (cards the actor can see, the active player passing), some that must be refused.

import type { Rng } from "../../common/core/rng.js";
import { MAX_CARD_ID, ZONE_NAMES, zoneKey, type Action, type TableGame } from "../../common/table/index.js";

const pick = <T>(r: Rng, xs: readonly T[]): T | undefined => (xs.length ? xs[r.int(xs.length)] : undefined);

/** A card id the actor plausibly names: theirs, anyone's on the battlefield, or an invented one. */
function someCard(g: TableGame, r: Rng, actor: number): number {
  const k = r.int(10);
  const zone = k < 4 ? "hand" : k < 7 ? "battlefield" : k < 8 ? "graveyard" : k < 9 ? "library" : null;
  if (zone === null) return 1 + r.int(MAX_CARD_ID);
  const owner = r.int(4) === 0 ? r.int(g.players.length) : actor;
  return pick(r, g.zones[zoneKey(zone, owner)] ?? []) ?? 1 + r.int(MAX_CARD_ID);
}

const POS = (r: Rng) => ({ x: r.int(10_001), y: r.int(10_001) });

export function randomIntention(g: TableGame, r: Rng): { actor: number; action: Action } {
  const n = g.players.length;
  let actor = r.int(4) === 0 ? r.int(n) : g.turn.active;
  if (g.phase === "mulligan") {
    const deciding = g.players.map((p, i) => (p.kept || p.eliminated ? -1 : i)).filter((i) => i >= 0);
    actor = pick(r, deciding) ?? actor;
    const hand = g.zones[zoneKey("hand", actor)] ?? [];
    const need = g.players[actor].mulligans;
    return { actor, action: r.int(4) === 0 && need < 2 ? { do: "mulligan" } : { do: "keep", bottom: hand.slice(0, Math.max(0, need - (g.options.mulligan === "londonFreeFirst" ? 1 : 0))) } };
  }
  const card = () => someCard(g, r, actor);
  const player = () => r.int(n);
  const k = r.int(72);
  let action: Action;
  if (k < 14) action = { do: "move", card: card(), zone: pick(r, ZONE_NAMES)!, place: pick(r, ["top", "bottom", "battlefield", "random", "shuffle", "fromTop", "index"] as const)!, ...(r.int(2) ? { pos: POS(r) } : {}), ...(r.int(5) === 0 ? { faceDown: true } : {}), ...(r.int(3) === 0 ? { index: r.int(5) } : {}) };
  else if (k < 18) action = { do: "tap", card: card(), on: r.int(2) === 0 };
  else if (k < 21) action = { do: "draw", n: 1 + r.int(2) };
  else if (k < 25) action = { do: "passTurn" };
  else if (k < 27) action = { do: "counter", card: card(), name: pick(r, ["+1/+1", "loyalty", "charge"])!, delta: r.int(5) - 2 };
  else if (k < 28) action = { do: "createToken", name: "Goblin", n: 1 + r.int(2) };
  else if (k < 29) action = { do: "mill", n: 1 + r.int(3) };
  else if (k < 30) action = { do: "lookTop", n: 1 + r.int(3) };
  else if (k < 31) {
    const lib = g.zones[zoneKey("library", actor)] ?? [];
    const look = g.players[actor].looking;
    const seen = look ? lib.slice(0, Math.min(look.n, 3)) : lib.slice(0, 2);
    action = { do: "arrange", top: seen.slice(1), bottom: seen.slice(0, 1) };
  } else if (k < 32) action = { do: "shuffle" };
  else if (k < 33) action = { do: "life", player: player(), delta: r.int(11) - 5 };
  else if (k < 34) action = { do: "chat", text: "hi" };
  else if (k < 35) action = { do: "revealTop", n: 1 };
  else if (k < 36) action = { do: "topRevealed", on: r.int(2) === 0 };
  else if (k < 37) action = { do: "manifest" };
  else if (k < 38) action = { do: "faceDown", card: card(), on: r.int(2) === 0 };
  else if (k < 39) action = { do: "show", card: card(), to: pick(r, ["nobody", "owner", "all", "players"] as const)!, players: [player()] };
  else if (k < 40) action = { do: "revealHand", on: r.int(2) === 0 };
  else if (k < 41) action = { do: "attach", card: card(), to: card() };
  else if (k < 42) action = { do: "arrow", from: card(), toPlayer: player() };
  else if (k < 43) action = { do: "pt", card: card(), row: "eot", power: r.int(5), toughness: r.int(5) };
  else if (k < 44) action = { do: "copy", card: card() };
  else if (k < 45) action = { do: "search" };
  else if (k < 46) action = { do: "stopLooking" };
  else if (k < 47) action = { do: "exileTop", n: 1, faceDown: r.int(2) === 0 };
  else if (k < 48) action = { do: "moveAll", from: "graveyard", to: pick(r, ["library", "exile", "hand"] as const)!, place: pick(r, ["top", "bottom", "shuffle"] as const)! };
  else if (k < 49) action = { do: "resolveTop" };
  else if (k < 50) action = { do: "addAbility", text: "Draw a card.", card: card() };
  else if (k < 51) action = { do: "rollDice", sides: 6, n: 2 };
  else if (k < 52) action = { do: "pile", cards: [card()], under: card() };
  else if (k < 53) action = { do: "untapAll" };
  else if (k < 54) action = { do: "wheel" };
  else if (k < 55) action = { do: "commanderDamage", player: player(), from: player(), delta: 1 + r.int(3) };
  else if (k < 56) action = { do: "labels", card: card(), labels: ["atk"] };
  else if (k < 57) action = { do: "flip", card: card() };
  else if (k < 58) action = { do: "extraTurn", player: player() };
  else if (k < 59) action = { do: "keyword", card: card(), name: "flying", on: true };
  else if (k < 60) action = { do: "designation", name: "monarch", player: player() };
  // catalogue version 2
  else if (k < 61) action = { do: "revealUntil", filter: pick(r, ["land", "nonland", "creature", "noncreature", "instantOrSorcery", "name"] as const)!, name: "Lightning Bolt" };
  else if (k < 62) action = { do: "finishReveal", zone: pick(r, ["hand", "battlefield", "graveyard", "exile", "stack", "library"] as const)!, ...(r.int(4) === 0 ? { faceDown: true } : {}) };
  else if (k < 63) action = { do: "organize" };
  else if (k < 64) action = { do: "drain", n: 1 + r.int(3) };
  else if (k < 65) action = { do: "extort" };
  else if (k < 66) action = { do: "thumbCoins", n: 1 + r.int(2), thumbs: 1 + r.int(2) };
  else if (k < 67) action = r.int(2) ? { do: "stackAfter", card: card() } : { do: "stackAfter", text: "Trigger" };
  else if (k < 68) action = { do: "highlight", card: card(), on: r.int(3) > 0 };
  else if (k < 69) action = { do: "signal", player: player(), pos: POS(r) };
  else if (k < 70) action = { do: "removeSignal", id: pick(r, (g.signals ?? []).map((s) => s.id)) ?? 1 + r.int(100) };
  else if (k < 71) action = { do: "teams", of: g.players.map(() => r.int(3)), ...(r.int(2) ? { friendlyFire: true } : {}) };
  else action = { do: "phantom", life: r.int(7) - 3 };
  return { actor, action };
}
