// What every action handler receives, and the helpers they share.

import type { Rng } from "../core/rng.js";
import type { ActionKind, ActionOf, Rejection } from "./catalogue.js";
import type { Draft } from "./draft.js";
import { MAX_CARDS, MAX_DEFS, parseZoneKey, type Card, type CardDef, type ZoneName } from "./types.js";

export interface Ctx {
  d: Draft;
  /** Seat, or -1 for the table itself. */
  actor: number;
  /** From the event's seed; null when the event carries none. */
  rng: Rng | null;
  result: number[] | undefined;
}

/** A handler changes the draft, or says why it cannot (the draft is then thrown away). */
export type Handler<K extends ActionKind> = (c: Ctx, a: ActionOf<K>) => Rejection | null;
export type Handlers = { [K in ActionKind]: Handler<K> };

export const fail = (code: string, message: string): Rejection => ({ code, message });

/**
 * The one refusal for a card id that names no card the actor may name: one that does not exist
 * and one they cannot see get exactly this (resolve.ts `permission`), so it names no id either.
 */
export const noCard = () => fail("no-such-card", "That card is not there any more: the table changed since you chose it. Try again.");

/** The card, or a rejection when it does not exist. */
export function need(c: Ctx, id: number): Card | Rejection {
  return c.d.peek(id) ?? noCard();
}

export const isRejection = (x: unknown): x is Rejection => typeof x === "object" && x !== null && "code" in x && "message" in x;

export function zoneOf(card: Card): ZoneName {
  return parseZoneKey(card.at)?.zone ?? "stack";
}

export function onBattlefield(card: Card): Rejection | null {
  return zoneOf(card) === "battlefield" ? null : fail("not-on-battlefield", "That only works on a card on the battlefield; move it there first.");
}

/** The seat that acts for the table: the actor, or the active player for the table itself. */
/** The card, or a rejection when it does not exist or is not on the battlefield. */
export function needOnField(c: Ctx, id: number): Card | Rejection {
  const card = need(c, id);
  return isRejection(card) ? card : (onBattlefield(card) ?? card);
}

export const seatOf = (c: Ctx): number => (c.actor >= 0 ? c.actor : c.d.g.turn.active);

export function needRng(c: Ctx): Rejection | null {
  return c.rng ? null : fail("missing-seed", "This action is random and the event carries no seed; the host must resolve it.");
}

export function roomForCards(c: Ctx, n: number): Rejection | null {
  return c.d.g.cards.size + n <= MAX_CARDS ? null : fail("too-many-cards", `The table holds at most ${MAX_CARDS} cards; remove some tokens first.`);
}

/** Index of an equal definition, adding it when new. */
export function defIndex(c: Ctx, def: CardDef): number | Rejection {
  const key = JSON.stringify(def);
  const i = c.d.g.defs.findIndex((x) => JSON.stringify(x) === key);
  if (i >= 0) return i;
  if (c.d.g.defs.length >= MAX_DEFS) return fail("too-many-kinds", `The table knows at most ${MAX_DEFS} different cards.`);
  return c.d.defs().push(def) - 1;
}

export const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));
