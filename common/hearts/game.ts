// Hearts as a game definition (common/core/game.ts): options, the payload parser, who acts
// (everyone at once while passing, one seat a card), the bots, and the hidden-information
// twin the contract kit checks views against (other hands and the cards put aside to pass).

import { nobody, onTurn, unknownType, withRules, type GameDef, type PayloadsOf, type WhoActs } from "../core/game.js";
import { badPayload, fail, intIn, isWholeNumber, objectWith, ok, type Parsed } from "../core/payload.js";
import type { Rng } from "../core/rng.js";
import { DECK_SIZE, isCard, sortHand } from "./cards.js";
import { chooseHeartsMove, HEARTS_BOT_LEVELS, type HeartsBotLevel } from "./bots.js";
import {
  heartsRules, legalCards, passDirection, passSource, SEATS, type HeartsConfig, type HeartsEvent, type HeartsMove, type HeartsState, type HeartsView,
} from "./rules.js";

export const HEARTS_MODES = ["online", "solo"] as const;
export const HEARTS_TARGETS = [50, 100] as const;
export const HEARTS_TIMER = { min: 5, max: 120, online: 20 } as const;
export const HEARTS_MOVE_TYPES = ["pass", "play"] as const;

/** What a player sends: `pass {cards: [a, b, c]}`, `play {card}`. */
export type HeartsPayloads = PayloadsOf<HeartsMove, { pass: { cards: number[] }; play: { card: number } }>;

const cardsWord = `Cards are numbers 0 to ${DECK_SIZE - 1}.`;

export function parseHeartsMove(type: string, payload: unknown): Parsed<HeartsMove> {
  if (type === "play") {
    const o = objectWith(payload, ["card"]);
    if (!o.ok) return o;
    if (!isWholeNumber(o.value.card)) return badPayload("card must be a whole number.");
    if (!isCard(o.value.card)) return fail("out-of-range", cardsWord);
    return ok({ type: "play", card: o.value.card });
  }
  if (type === "pass") {
    const o = objectWith(payload, ["cards"]);
    if (!o.ok) return o;
    const cards = o.value.cards;
    if (!Array.isArray(cards) || cards.length !== 3) return badPayload("cards must be a list of three cards.");
    if (!cards.every(isWholeNumber)) return badPayload("cards must be whole numbers.");
    if (!cards.every(isCard)) return fail("out-of-range", cardsWord);
    return ok({ type: "pass", cards: cards.slice() });
  }
  return unknownType(type, HEARTS_MOVE_TYPES);
}

/** Everyone still choosing acts at once while passing; then one seat a card. */
function heartsWhoActs(s: HeartsState): WhoActs {
  if (s.phase === "over") return nobody;
  if (s.phase === "passing") {
    return { seats: s.passes.flatMap((p, seat) => (p ? [] : [seat])), together: true, since: s.since, turn: s.turnNo };
  }
  return onTurn(s.turn, s.since, undefined, s.turnNo);
}

/** Every three-card pass (286 of them from 13 cards) or every playable card. */
function heartsMoves(s: HeartsState, seat: number): HeartsMove[] {
  if (s.phase === "passing") {
    if (s.passes[seat]) return [];
    const hand = s.hands[seat];
    const out: HeartsMove[] = [];
    for (let a = 0; a < hand.length; a++) for (let b = a + 1; b < hand.length; b++) for (let c = b + 1; c < hand.length; c++) out.push({ type: "pass", cards: [hand[a], hand[b], hand[c]] });
    return out;
  }
  return legalCards(s, seat).map((card) => ({ type: "play" as const, card }));
}

/** A deal `viewer` cannot tell apart: the cards it cannot see dealt again among the same places. */
function heartsTwin(s: HeartsState, viewer: number | null, rng: Rng): HeartsState | null {
  if (s.phase === "over") return null;
  const dir = passDirection(s.hand);
  // The cards the viewer passed this hand are known to be with the seat it passed them to.
  const known = new Set<number>(viewer === null ? [] : s.received.flatMap((cards, seat) => (viewer !== seat && passSource(seat, dir) === viewer ? cards : [])));
  const slots: { seat: number; aside: boolean; keep: number[]; size: number }[] = [];
  const pool: number[] = [];
  for (let seat = 0; seat < SEATS; seat++) {
    if (seat === viewer) continue;
    const keep = s.hands[seat].filter((c) => known.has(c));
    const hidden = s.hands[seat].filter((c) => !known.has(c));
    slots.push({ seat, aside: false, keep, size: hidden.length });
    pool.push(...hidden);
    const aside = s.passes[seat];
    if (aside) {
      slots.push({ seat, aside: true, keep: [], size: aside.length });
      pool.push(...aside);
    }
  }
  if (pool.length < 2) return null;
  rng.shuffle(pool);
  const hands = s.hands.map((h) => h.slice());
  const passes = s.passes.map((p) => (p ? p.slice() : null));
  let k = 0;
  for (const slot of slots) {
    const cards = sortHand([...slot.keep, ...pool.slice(k, (k += slot.size))]);
    if (slot.aside) passes[slot.seat] = cards;
    else hands[slot.seat] = cards;
  }
  return { ...s, hands, passes };
}

export const heartsDef: GameDef<HeartsState, HeartsMove, HeartsEvent, HeartsConfig, HeartsView> = withRules(heartsRules, {
  title: "Hearts",
  seats: { min: SEATS, max: SEATS },
  // A finished game ranks its four players by score (places): one pool, four people a table.
  rated: { seats: { min: SEATS, max: SEATS }, options: { mode: "online" } },
  examples: [{}, { mode: "solo", target: 50 }],
  configure(options) {
    const mode = options.mode ?? "online";
    if (typeof mode !== "string" || !(HEARTS_MODES as readonly string[]).includes(mode)) {
      return fail("bad-option", `Unknown mode ${JSON.stringify(String(mode).slice(0, 20))}: use online or solo.`);
    }
    const target = options.target ?? 100;
    if (!(HEARTS_TARGETS as readonly unknown[]).includes(target)) return fail("bad-option", "target must be 50 or 100 points.");
    const timerIn = options.timer ?? (mode === "solo" ? 0 : HEARTS_TIMER.online);
    const timer = timerIn === 0 ? 0 : intIn(timerIn, HEARTS_TIMER.min, HEARTS_TIMER.max);
    if (timer === null) return fail("bad-option", `timer must be 0 (none) or a whole number of seconds from ${HEARTS_TIMER.min} to ${HEARTS_TIMER.max}.`);
    const botLevel = options.botLevel ?? "normal";
    if (typeof botLevel !== "string" || !(HEARTS_BOT_LEVELS as readonly string[]).includes(botLevel)) return fail("bad-option", "botLevel must be easy or normal.");
    return ok({
      config: { target: target as number, timer },
      seats: SEATS,
      mode,
      bots: mode === "solo" ? SEATS - 1 : 0,
      turnSeconds: timer,
      // Choosing three cards to pass takes longer than playing one.
      togetherSeconds: timer * 2,
      botLevel,
      criteria: { mode, target: target as number, timer },
    });
  },
  result: () => "won",
  // Lowest score first; equal scores share a place.
  places: (s) => s.scores.map((total) => 1 + s.scores.filter((other) => other < total).length),
  whoActs: heartsWhoActs,
  // Deals and received cards go to their own seat only; the rest is what every player sees played.
  eventsFor: (events, viewer) => events.filter((e) => (e.kind !== "deal" && e.kind !== "received") || e.seat === viewer).map((e) => ({ ...e })),
  moveTypes: HEARTS_MOVE_TYPES,
  parseMove: parseHeartsMove,
  legalMoves: heartsMoves,
  timeoutMove: (s, seat) => (heartsWhoActs(s).seats.includes(seat) ? { type: "timeout" } : null),
  bot: {
    levels: HEARTS_BOT_LEVELS,
    delayMs: [500, 900],
    choose(view, seat, _memory, budget) {
      const level = (HEARTS_BOT_LEVELS as readonly string[]).includes(budget.level) ? (budget.level as HeartsBotLevel) : "normal";
      return { move: chooseHeartsMove(view, seat, level, budget.rng), memory: null };
    },
  },
  twin: heartsTwin,
  // Every card, played or passed: a card not in the seat's hand is refused alike wherever it is.
  probes: (s) => (s.phase === "passing" ? Array.from({ length: DECK_SIZE - 2 }, (_, c) => ({ type: "pass" as const, cards: [c, c + 1, c + 2] })) : Array.from({ length: DECK_SIZE }, (_, card) => ({ type: "play" as const, card }))),
});

