// Actions between players: drain and extort (each opponent loses, you gain the total), the
// phantom opponent of a goldfish game, grouping seats into teams, and coin flips with Krark's
// Thumb (flip two, keep one).

import { clamp, fail, seatOf, type Ctx, type Handlers } from "./context.js";
import { opponents, sharesLife } from "./teams.js";
import { MAX_AMOUNT, MAX_PLAYERS } from "./types.js";

type OpponentHandlers = Pick<Handlers, "drain" | "extort" | "phantom" | "teams" | "thumbCoins">;

/** Changes a life total by `delta`; a Two-Headed Giant team's shared total moves for both. */
function changeLife(c: Ctx, player: number, delta: number): void {
  const v = clamp(c.d.g.players[player].life + delta, -MAX_AMOUNT, MAX_AMOUNT);
  c.d.g.players.forEach((_, i) => {
    if (i === player || sharesLife(c.d.g, player, i)) c.d.player(i).life = v;
  });
}

/**
 * Each opponent loses `n` and the actor gains what was lost. In goldfish the phantom is the
 * opponent. A Two-Headed Giant team loses `n` for each of its members (each is an opponent).
 */
function drain(c: Ctx, n: number): ReturnType<OpponentHandlers["drain"]> {
  const seat = seatOf(c);
  const them = opponents(c.d.g, seat);
  if (!them.length && c.d.g.phantom) {
    const g = c.d.general();
    g.phantom = { ...g.phantom!, life: clamp(g.phantom!.life - n, -MAX_AMOUNT, MAX_AMOUNT) };
    changeLife(c, seat, n);
    return null;
  }
  if (!them.length) return fail("no-opponents", "You have no opponents here to drain.");
  for (const p of them) changeLife(c, p, -n);
  changeLife(c, seat, n * them.length);
  return null;
}

/** Coins per flip with `thumbs` Krark's Thumbs: two with one, four with two. */
export const coinsPerFlip = (thumbs: number) => 2 ** thumbs;

export const opponentHandlers: OpponentHandlers = {
  drain: (c, a) => drain(c, a.n),

  extort: (c, a) => drain(c, a.n ?? 1),

  phantom(c, a) {
    const ph = c.d.g.phantom;
    if (!ph) return fail("no-phantom", "Only a goldfish game (practice alone) has a phantom opponent.");
    if (a.life === undefined && a.poison === undefined) return fail("bad-action", "Say how much life or poison to change.");
    c.d.general().phantom = {
      life: clamp(ph.life + (a.life ?? 0), -MAX_AMOUNT, MAX_AMOUNT),
      poison: clamp(ph.poison + (a.poison ?? 0), 0, MAX_AMOUNT),
    };
    return null;
  },

  teams(c, a) {
    const g = c.d.g;
    if (g.options.teams === "twoHeadedGiant") return fail("two-headed-giant", "Two-Headed Giant's teams are set when the table is made.");
    if (a.of.length !== g.players.length) return fail("bad-action", `Give a team (1 to ${MAX_PLAYERS}, or 0 for none) for each of the ${g.players.length} players.`);
    const grouped = a.of.some((t) => t > 0);
    a.of.forEach((t, i) => {
      const team = t > 0 ? t : null;
      if (g.players[i].team !== team) c.d.player(i).team = team;
    });
    const o = c.d.general().options;
    o.teams = grouped ? "teams" : "none";
    if (grouped && a.friendlyFire) o.friendlyFire = true;
    else delete o.friendlyFire;
    return null;
  },

  thumbCoins(c, a) {
    const n = (a.n ?? 1) * coinsPerFlip(a.thumbs ?? 1);
    if (n > 20) return fail("too-many", "At most 20 coins at once: flip fewer, or with fewer Thumbs.");
    if (c.result?.length !== n || c.result.some((r) => r > 1)) return fail("missing-result", "The coin results must be in the event; the host must resolve them.");
    return null;
  },
};

/** The coin each flip keeps: the side called if any of its coins shows it (1 = heads). */
export function keptCoins(result: readonly number[], thumbs: number, call: "heads" | "tails" = "heads"): number[] {
  const per = coinsPerFlip(thumbs);
  const want = call === "heads" ? 1 : 0;
  const out: number[] = [];
  for (let i = 0; i + per <= result.length; i += per) out.push(result.slice(i, i + per).includes(want) ? want : 1 - want);
  return out;
}
