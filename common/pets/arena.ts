// The arena: a solo run of six rounds where each round's opponent is a team another player
// really fielded at that round (Super Auto Pets' asynchronous mode, for our board game).
//
//  - Recording (`recordTeams`): when a game ends, every person's arranged deck of every round
//    becomes a recorded team: their name, the round, their trophies before that battle, and
//    the deck in battle order. Only arranged decks, as the battle revealed them to everyone —
//    never a hand or a shop deck in progress, never a bot's deck, never a ghost copy.
//  - Choosing (`chooseTeam`): the store hands the room the recent teams of the round; the one
//    faced is drawn among those whose trophies are nearest the runner's (the room's draw is
//    seeded by the run's seed and round, so a seeded run is repeatable).
//  - The room logs the choice as the run's `opponent` move, so a replay (and a restored room)
//    faces the same team whatever the store holds later. With no recorded team at all the
//    move carries none and the rules build a bot's team (`botTeam`) from the run's dice.

import { createFastRng, type FastRng } from "../core/fastRng.js";
import type { Seed } from "../core/rng.js";
import { CARD_INDEX, cardDef, tierDeckKeys } from "./cards.js";
import { defaultOrder } from "./bots/arrange.js";
import { ROUNDS, type ArenaOpponent, type PetsState, type RecordedTeam } from "./types.js";

/** Longest deck a recorded team may have (a hand is at most a few pets, foods and apples). */
export const MAX_TEAM_CARDS = 24;
/** Name length a recorded team keeps (the room's names are 1–16 characters). */
const MAX_NAME = 16;
/** Bots whose teams stand in when nobody has fielded one at that round yet. */
export const ARENA_BOT_NAMES = ["Bot Bea", "Bot Otto", "Bot Pip", "Bot Rex"] as const;

/** Trophies each seat had before round `round`'s battles. */
export function trophiesBefore(s: Pick<PetsState, "battles" | "seats">, round: number): number[] {
  const t = new Array<number>(s.seats).fill(0);
  for (const b of s.battles) if (b.round < round && b.winner !== null && b.winner >= 0) t[b.winner] += b.trophies;
  return t;
}

/**
 * The teams a finished game leaves for the arena: one per person per round they battled.
 * `names[seat]` is the seat's name, `people[seat]` whether a person played it (bots are
 * left out), `at` the time the game finished. Each names the seat that fielded it (the store
 * keeps that seat's profile beside it; a team faced in a run carries no seat).
 */
export function recordTeams(s: PetsState, names: readonly string[], people: readonly boolean[], at: number): (RecordedTeam & { seat: number })[] {
  const out: (RecordedTeam & { seat: number })[] = [];
  const seen = new Set<string>();
  for (const b of s.battles) {
    const before = trophiesBefore(s, b.round);
    b.seats.forEach((seat, side) => {
      // Side 1 of a ghost battle is a copy, and an arena opponent is not a seat at all.
      if (seat < 0 || (side === 1 && b.ghost) || !people[seat]) return;
      const key = `${seat}:${b.round}`;
      if (seen.has(key) || !b.lineups[side].length) return;
      seen.add(key);
      out.push({ name: cleanName(names[seat]), round: b.round, trophies: before[seat], lineup: b.lineups[side].slice(), at, seat });
    });
  }
  return out;
}

const cleanName = (name: string | undefined) => (name ?? "").trim().slice(0, MAX_NAME) || "Player";

/** A recorded team as untrusted data (from the store or a log): usable, or the reason why not. */
export function checkTeam(team: unknown): string | null {
  if (!team || typeof team !== "object") return "a team is an object";
  const t = team as Partial<RecordedTeam>;
  if (typeof t.name !== "string" || !t.name.trim() || t.name.length > MAX_NAME) return "a team needs a name";
  if (!Number.isInteger(t.round) || t.round! < 1 || t.round! > ROUNDS) return "a team's round is 1 to 6";
  if (!Number.isInteger(t.trophies) || t.trophies! < 0 || t.trophies! > 2 * ROUNDS) return "a team's trophies are 0 to 12";
  if (typeof t.at !== "number" || !Number.isFinite(t.at) || t.at < 0) return "a team needs the time it was recorded";
  if (!Array.isArray(t.lineup) || !t.lineup.length || t.lineup.length > MAX_TEAM_CARDS) return `a team's deck has 1 to ${MAX_TEAM_CARDS} cards`;
  if (!t.lineup.every((k) => typeof k === "string" && Object.hasOwn(CARD_INDEX, k))) return "a team's deck names only known cards";
  if (!t.lineup.some((k) => cardDef(k).kind === "pet")) return "a team's deck has a pet";
  return null;
}

/**
 * The team a run with `trophies` trophies faces at `round`, among `candidates` (any round;
 * unusable ones and those named `exclude` — the runner's own — are skipped): drawn with
 * `rng` among the teams of that round whose owners' trophies are nearest. null: none.
 */
export function chooseTeam(candidates: readonly RecordedTeam[], round: number, trophies: number, rng: FastRng, exclude = ""): RecordedTeam | null {
  const own = exclude.trim().toLowerCase();
  const fit = candidates.filter((t) => t.round === round && checkTeam(t) === null && (!own || t.name.trim().toLowerCase() !== own));
  if (!fit.length) return null;
  const gap = (t: RecordedTeam) => Math.abs(t.trophies - trophies);
  const nearest = Math.min(...fit.map(gap));
  const band = fit.filter((t) => gap(t) === nearest);
  return band[rng.int(band.length)];
}

/**
 * A bot's team for `round`, built like a quick shopper would: each round up to this one,
 * a row of four from that tier's deck, the three best bought, down to the five best pets
 * (foods kept), ordered as the bots order a deck. Drawn from the run's dice: replays agree.
 */
export function botTeam(round: number, rng: FastRng): ArenaOpponent {
  const hand: string[] = [];
  for (let r = 1; r <= round; r++) {
    const deck = tierDeckKeys(r);
    const row = Array.from({ length: 4 }, () => deck[rng.int(deck.length)]);
    row.sort((a, b) => cardDef(b).worth - cardDef(a).worth);
    hand.push(...row.slice(0, 3));
    const pets = hand.filter((k) => cardDef(k).kind === "pet").sort((a, b) => cardDef(b).worth - cardDef(a).worth);
    for (const extra of pets.slice(5)) hand.splice(hand.indexOf(extra), 1);
  }
  const lineup = defaultOrder(hand).map((i) => hand[i]);
  const name = ARENA_BOT_NAMES[rng.int(ARENA_BOT_NAMES.length)];
  return { name, round, trophies: 0, lineup, at: null, bot: true };
}

/** Stream of the draw that picks a run's recorded opponents (apart from the game's dice). */
export const ARENA_STREAM = 0xa7e4;

/** The draw the room picks round `round`'s team with: from the run's seed, so a seeded run picks alike. */
export function arenaPickRng(seed: Seed, round: number): FastRng {
  if (typeof seed === "string") return createFastRng(seed, (ARENA_STREAM ^ Math.imul(round, 0x9e3779b1)) >>> 0);
  return createFastRng((seed + Math.imul(round, 0x9e3779b1)) | 0, ARENA_STREAM);
}

/** A recorded team as the run's opponent. */
export function asOpponent(team: RecordedTeam): ArenaOpponent {
  return { name: cleanName(team.name), round: team.round, trophies: team.trophies, lineup: team.lineup.slice(), at: team.at, bot: false };
}

/** "1 trophy", "3 trophies": an arena run's stored result (My games shows it as it is). */
export const trophiesText = (n: number): string => `${n} ${n === 1 ? "trophy" : "trophies"}`;

/** "2 days ago", "3 hours ago", "just now": how long before `now` a team was recorded. */
export function agoText(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"} ago`;
  if (s < 60) return "just now";
  if (s < 3600) return unit(Math.floor(s / 60), "minute");
  if (s < 86_400) return unit(Math.floor(s / 3600), "hour");
  if (s < 30 * 86_400) return unit(Math.floor(s / 86_400), "day");
  if (s < 365 * 86_400) return unit(Math.floor(s / (30 * 86_400)), "month");
  return unit(Math.floor(s / (365 * 86_400)), "year");
}

/** "Ann's round-3 team, 2 days ago" (a bot's: "Bot Pip's round-3 team (no player's team yet)"). */
export function opponentLabel(o: Pick<ArenaOpponent, "name" | "round" | "at" | "bot">, now: number): string {
  const whose = `${o.name}'s round-${o.round} team`;
  if (o.bot || o.at === null) return `${whose} (no player's team recorded yet)`;
  return `${whose}, ${agoText(o.at, now)}`;
}
