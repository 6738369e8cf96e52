// Auto Pets as a game definition: setup, apply, status, view, and who may act now.
// apply() is pure: it validates, then mutates a draft copy. It never reads ctx.rng: the
// game's dice live in the state (hidden from every view), so a rejection changes nothing.

import { reject, type ApplyResult, type MoveContext, type Rules } from "../core/rules.js";
import { parsePetsMove } from "./moves.js";
import { checkArrange, closeArrange, setupGame, startArrange } from "./round.js";
import { buy, checkBuy, checkPass, checkPick, checkSell, checkShopTurn, checkTrade, nextShopTurn, pass, pick, sell, trade } from "./shop.js";
import { draft } from "./state.js";
import { asOpponent, botTeam, checkTeam } from "./arena.js";
import { createFastRng } from "../core/fastRng.js";
export { toAct } from "./state.js";
import type { PetsConfig, PetsEvent, PetsMove, PetsState, PetsView } from "./types.js";
import { viewGame } from "./view.js";

type Result = ApplyResult<PetsState, PetsEvent>;

export function applyMove(state: PetsState, seat: number, payload: PetsMove, _ctx?: MoveContext): Result {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return reject("not-seated", "Only a seated player can play.");
  if (state.phase === "finished") return reject("game-over", "This game is over.");
  if ((payload as { type?: unknown } | null)?.type === "opponent") return arenaOpponent(state, seat, payload as Extract<PetsMove, { type: "opponent" }>);
  const parsed = parsePetsMove(payload);
  if (!parsed.ok) return parsed;
  const move = parsed.value;
  const events: PetsEvent[] = [];
  if (state.arena && !state.arena.opponents[state.round - 1]) return reject("no-opponent", "This round's opponent is on its way: wait a moment.");
  if (move.type === "arrange") {
    const why = checkArrange(state, seat, move.order);
    if (why) return { ok: false, error: why };
    const s = draft(state);
    s.orders[seat] = move.order.slice();
    events.push({ type: "arranged", seat });
    if (s.orders.every((o) => o)) closeArrange(s, events);
    s.log.push(...events);
    return { ok: true, state: s, events };
  }
  const why =
    checkShopTurn(state, seat, move.type === "pick") ??
    (move.type === "buy" ? checkBuy(state, seat, move.slot)
      : move.type === "sell" ? checkSell(state, seat, move.cards)
      : move.type === "trade" ? checkTrade(state, seat, move.cards)
      : move.type === "pick" ? checkPick(state, seat, move.index)
      : checkPass(state, seat));
  if (why) return { ok: false, error: why };
  const s = draft(state);
  if (move.type === "buy") buy(s, seat, move.slot, events);
  else if (move.type === "sell") sell(s, seat, move.cards, events);
  else if (move.type === "trade") trade(s, seat, move.cards, events);
  else if (move.type === "pick") pick(s, seat, move.index, events);
  else pass(s, seat, events);
  // A trade keeps the turn until the pick; every other action passes it on.
  if (move.type !== "trade") {
    const next = nextShopTurn(s, seat);
    if (next < 0) startArrange(s, events);
    else s.turn = next;
  }
  s.log.push(...events);
  return { ok: true, state: s, events };
}

/**
 * The arena round's opponent, brought by the room (never sent by a player: the message
 * parser has no such type): a recorded team, or with none a bot's team from the run's dice.
 */
function arenaOpponent(state: PetsState, seat: number, move: Extract<PetsMove, { type: "opponent" }>): Result {
  if (!state.arena) return reject("unknown-move", "Only an arena run has opponents brought to it.");
  if (seat !== 0) return reject("not-seated", "The arena's opponent comes from the room.");
  const round = state.round;
  if (state.arena.opponents[round - 1]) return reject("already-chosen", `Round ${round}'s opponent is already chosen.`);
  const team = move.team;
  if (team !== null) {
    const why = checkTeam(team);
    if (why) return reject("bad-team", `That recorded team cannot be used: ${why}.`);
    if (team.round !== round) return reject("bad-team", `That team is from round ${team.round}; this is round ${round}.`);
  }
  const s = draft(state);
  if (team) s.arena!.opponents[round - 1] = asOpponent(team);
  else {
    const rng = createFastRng(0);
    rng.setState(s.rng);
    s.arena!.opponents[round - 1] = botTeam(round, rng);
    s.rng = rng.getState();
  }
  const events: PetsEvent[] = [{ type: "opponent", round }];
  s.log.push(...events);
  return { ok: true, state: s, events };
}

export const petsRules: Rules<PetsState, PetsMove, PetsEvent, PetsConfig, PetsView> = {
  id: "pets",
  setup: setupGame,
  apply: applyMove,
  status: (s) => (s.phase === "finished" ? "finished" : "playing"),
  view: viewGame,
};
