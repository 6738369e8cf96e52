// Cubestacc as a game definition (common/core/game.ts): room options, the one
// parser of every move payload (its types are what the client sends), who may act,
// the bots, and the hidden-information twin the contract kit checks views against.

import { onTurn, nobody, unknownType, withRules, type Configured, type GameDef, type PayloadsOf } from "../core/game.js";
import { badPayload, emptyPayload, fail, intIn, isWholeNumber, objectWith, ok, wholeOption, type Parsed } from "../core/payload.js";
import type { Rng } from "../core/rng.js";
import { legalPlays } from "./attach.js";
import { BOT_DELAY_MS, BOT_LEVELS, botMove, type BotLevel } from "./bots.js";
import { resolveConfig } from "./config.js";
import { isWild } from "./deck.js";
import { cubestaccRules, setupTable } from "./rules.js";
import { catchableBy, checkUhOh } from "./uhoh.js";
import { drawActionOf, eventsFor } from "./view.js";
import { ATTACH_MODES, DECK_SIZE, MAX_SEATS, MIN_SEATS, SUITS, type AttachMode, type CubestaccConfig, type CubestaccEvent, type CubestaccMove, type CubestaccState, type CubestaccView, type Suit } from "./types.js";

export type CubestaccMode = "online" | "solo";
export const CUBESTACC_MODES: readonly CubestaccMode[] = ["online", "solo"];
export const TIMER = { min: 1, max: 300, online: 30 } as const;
export const SOLO_BOTS = { min: 1, max: MAX_SEATS - 1, default: 3 } as const;
export const ONLINE_SEATS_DEFAULT = 4;
const LAST_CARD = DECK_SIZE - 1;
/** A table never holds more cubes than cards. */
const LAST_CUBE = DECK_SIZE - 1;

/** Validated room options. */
export interface CubestaccOptions {
  mode: CubestaccMode;
  seats: number;
  bots: number;
  timer: number;
  pack: CubestaccConfig["pack"];
  wildPivot: boolean;
  botLevel: BotLevel;
}

/** Untrusted create options → room options, or a refusal saying what to send. */
export function parseCubestaccOptions(options: Record<string, unknown>): Parsed<CubestaccOptions> {
  const mode = options.mode ?? "online";
  if (typeof mode !== "string" || !(CUBESTACC_MODES as readonly string[]).includes(mode)) {
    return fail("bad-option", `Unknown mode ${JSON.stringify(String(mode).slice(0, 20))}: use online or solo.`);
  }
  const whole = wholeOption;
  let seats: number;
  let bots: number;
  let timer: number;
  if (mode === "solo") {
    if (options.bots !== undefined) {
      const b = whole("bots", options.bots, SOLO_BOTS.min, SOLO_BOTS.max);
      if (typeof b === "string") return fail("bad-option", b);
      bots = b;
      if (options.seats !== undefined && options.seats !== bots + 1) return fail("bad-option", `Solo seats are you + the bots: ${bots + 1} for ${bots} bots.`);
    } else if (options.seats !== undefined) {
      const n = whole("seats", options.seats, MIN_SEATS, MAX_SEATS);
      if (typeof n === "string") return fail("bad-option", n);
      bots = n - 1;
    } else bots = SOLO_BOTS.default;
    seats = bots + 1;
    if (options.timer !== undefined && options.timer !== 0) return fail("bad-option", "Solo has no turn timer (timer must be 0).");
    timer = 0;
  } else {
    const n = options.seats === undefined ? ONLINE_SEATS_DEFAULT : whole("seats", options.seats, MIN_SEATS, MAX_SEATS);
    if (typeof n === "string") return fail("bad-option", n);
    seats = n;
    const b = options.bots === undefined ? 0 : whole("bots", options.bots, 0, seats - 1);
    if (typeof b === "string") return fail("bad-option", b);
    bots = b;
    const t = options.timer === undefined ? TIMER.online : options.timer === 0 ? 0 : whole("timer", options.timer, TIMER.min, TIMER.max);
    if (typeof t === "string") return fail("bad-option", t);
    timer = t;
  }
  const config = resolveConfig({ seats, wildPivot: options.wildPivot, pack: options.pack });
  if (!config.ok) return fail("bad-option", config.error.message);
  const botLevel = options.botLevel ?? "normal";
  if (typeof botLevel !== "string" || !(BOT_LEVELS as readonly string[]).includes(botLevel)) return fail("bad-option", "botLevel must be easy or normal.");
  return ok({ mode: mode as CubestaccMode, seats, bots, timer, pack: config.config.pack, wildPivot: config.config.wildPivot, botLevel: botLevel as BotLevel });
}

/** The move of `type`, as the rules take it. */
type MoveOf<T extends CubestaccMove["type"]> = Extract<CubestaccMove, { type: T }>;

/**
 * The payload of each message a player sends: the move without its `type` (client and server
 * share these types; the move itself is defined once, in types.ts).
 */
export type CubestaccPayloads = PayloadsOf<
  CubestaccMove,
  {
    play: Omit<MoveOf<"play">, "type">;
    draw: Record<string, never>;
    done: Record<string, never>;
    uhoh: Record<string, never>;
    caught: Omit<MoveOf<"caught">, "type">;
  }
>;
export type PlayPayload = CubestaccPayloads["play"];
export const CUBESTACC_MOVE_TYPES = ["play", "draw", "done", "uhoh", "caught"] as const;
/** Moves any seat may send out of turn. */
export const ANYTIME_MOVES = ["uhoh", "caught"] as const;

/** `play {card, onto, mode, suit?}`: shape and ranges only (the rules judge the rest). */
export function parsePlay(payload: unknown): Parsed<PlayPayload> {
  const o = objectWith(payload, ["card", "onto", "mode", "suit"]);
  if (!o.ok) return o;
  const { card, onto, mode, suit } = o.value;
  if (!isWholeNumber(card) || !isWholeNumber(onto)) return badPayload("card and onto must be whole numbers (a card id from your hand, a cube id).");
  const c = intIn(card, 0, LAST_CARD);
  const t = intIn(onto, 0, LAST_CUBE);
  if (c === null) return fail("out-of-range", `Card ids are 0 to ${LAST_CARD}.`);
  if (t === null) return fail("out-of-range", `Cube ids are 0 to ${LAST_CUBE}.`);
  if (typeof mode !== "string" || !(ATTACH_MODES as readonly string[]).includes(mode)) return badPayload("mode must be top, side, face or wild.");
  if (suit === undefined || suit === null) return ok({ card: c, onto: t, mode: mode as AttachMode });
  if (typeof suit !== "string" || !(SUITS as readonly string[]).includes(suit)) return badPayload("suit must be spades, hearts, clubs or diamonds.");
  return ok({ card: c, onto: t, mode: mode as AttachMode, suit: suit as Suit });
}

/** `caught {}` or `{target}` with a seat number below `seats`. */
export function parseCaught(payload: unknown, seats: number = MAX_SEATS): Parsed<{ target?: number }> {
  const o = objectWith(payload, ["target"]);
  if (!o.ok) return o;
  const { target } = o.value;
  if (target === undefined || target === null) return ok({});
  if (!isWholeNumber(target)) return badPayload("target must be a seat number.");
  const t = intIn(target, 0, seats - 1);
  if (t === null) return fail("out-of-range", `Seats are 0 to ${seats - 1}.`);
  return ok({ target: t });
}

export function parseCubestaccMove(type: string, payload: unknown, config?: CubestaccConfig): Parsed<CubestaccMove> {
  switch (type) {
    case "play": {
      const p = parsePlay(payload);
      return p.ok ? ok({ type: "play", ...p.value }) : p;
    }
    case "caught": {
      const p = parseCaught(payload, config?.seats);
      return p.ok ? ok({ type: "caught", ...p.value }) : p;
    }
    case "draw":
    case "done":
    case "uhoh": {
      const p = emptyPayload(payload);
      return p.ok ? ok({ type }) : p;
    }
    default:
      return unknownType(type, CUBESTACC_MOVE_TYPES);
  }
}

/** Every move `seat` may make now (a wild once per suit). */
function cubestaccMoves(s: CubestaccState, seat: number): CubestaccMove[] {
  if (s.phase !== "playing") return [];
  const out: CubestaccMove[] = [];
  if (!checkUhOh(s, seat)) out.push({ type: "uhoh" });
  for (const target of catchableBy(s, seat)) out.push({ type: "caught", target });
  if (seat !== s.turn) return out;
  for (const p of legalPlays(s, seat)) {
    if (isWild(p.card)) for (const suit of SUITS) out.push({ type: "play", card: p.card, onto: p.onto, mode: p.mode, suit });
    else out.push({ type: "play", card: p.card, onto: p.onto, mode: p.mode });
  }
  if (drawActionOf(s, seat) !== null) out.push({ type: "draw" });
  if (s.dump) out.push({ type: "done" });
  return out;
}

/** Another table `viewer` cannot tell apart: the cards it cannot see (other hands, the deck) dealt again. */
function cubestaccTwin(s: CubestaccState, viewer: number | null, rng: Rng): CubestaccState | null {
  const others = s.hands.map((_, seat) => seat).filter((seat) => seat !== viewer);
  const pool = [...s.deck, ...others.flatMap((seat) => s.hands[seat])];
  if (pool.length < 2) return null;
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const hands = s.hands.map((h) => h.slice());
  let k = 0;
  const deck = pool.slice(k, (k += s.deck.length));
  for (const seat of others) hands[seat] = pool.slice(k, (k += s.hands[seat].length));
  return { ...s, deck, hands };
}

export const cubestaccDef: GameDef<CubestaccState, CubestaccMove, CubestaccEvent, CubestaccConfig, CubestaccView> = withRules(cubestaccRules, {
  title: "Cubestacc",
  seats: { min: MIN_SEATS, max: MAX_SEATS },
  rated: { seats: { min: 2, max: 4 }, options: { mode: "online", bots: 0 } },
  examples: [{ seats: 2 }, { seats: 4 }, { seats: 5, wildPivot: true }, { mode: "solo", bots: 2 }],
  configure(options) {
    const o = parseCubestaccOptions(options);
    if (!o.ok) return o;
    const { mode, seats, bots, timer, pack, wildPivot, botLevel } = o.value;
    const configured: Configured<CubestaccConfig> = {
      config: { seats, wildPivot, pack },
      seats,
      mode,
      bots,
      turnSeconds: timer,
      botLevel,
      criteria: { mode, seats, pack, wildPivot, timer },
    };
    return ok(configured);
  },
  // The table is dealt for the seats that play (a room starts with those present).
  setup: (seed, config, seats) => setupTable(seed, { ...config, seats }, seats),
  result: (s) => (s.blocked ? "blocked" : "won"),
  places: (s) => Array.from({ length: s.seats }, (_, seat) => s.ranking?.find((r) => r.seat === seat)?.place ?? s.seats),
  whoActs: (s) => (s.phase === "playing" ? onTurn(s.turn, s.turnStartedAt, ANYTIME_MOVES, s.turnNo) : nobody),
  eventsFor,
  moveTypes: CUBESTACC_MOVE_TYPES,
  parseMove: parseCubestaccMove,
  legalMoves: cubestaccMoves,
  timeoutMove: (s, seat) => (s.phase === "playing" && seat === s.turn ? { type: "timeout" } : null),
  bot: {
    levels: BOT_LEVELS,
    delayMs: [BOT_DELAY_MS.min, BOT_DELAY_MS.max],
    choose: (view, _seat, _memory, budget) => ({ move: botMove(view, budget.level as BotLevel, budget.rng), memory: null }),
  },
  twin: cubestaccTwin,
  // Every card id played onto the newest cube: a card not in the seat's hand is refused alike
  // wherever it is (another hand, the deck, the table).
  probes: (s, _seat) => Array.from({ length: DECK_SIZE }, (_, card) => ({ type: "play" as const, card, onto: Math.max(0, s.placed.length - 1), mode: "top" as const })),
});

