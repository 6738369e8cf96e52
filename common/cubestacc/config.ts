// Turns untrusted room options into a valid Cubestacc config, or a clear refusal.
// Deck packs: icons only; suit ids never change.

import type { Rejection } from "../core/rules.js";
import { MAX_SEATS, MIN_SEATS, PACK_IDS, type CubestaccConfig, type PackId, type Suit } from "./types.js";

export interface PackInfo {
  name: string;
  icons: Record<Suit, string>;
  /** Icon names (the Classic pack has none). */
  labels: Record<Suit, string> | null;
}

export const PACKS: Readonly<Record<PackId, PackInfo>> = {
  classic: { name: "Classic", icons: { spades: "♠", hearts: "♥", clubs: "♣", diamonds: "♦" }, labels: null },
  space: {
    name: "Space",
    icons: { spades: "🚀", hearts: "🪐", clubs: "⭐", diamonds: "🌙" },
    labels: { spades: "Rocket", hearts: "Planet", clubs: "Star", diamonds: "Moon" },
  },
  halloween: {
    name: "Halloween",
    icons: { spades: "🎃", hearts: "👻", clubs: "🦇", diamonds: "🍬" },
    labels: { spades: "Pumpkin", hearts: "Ghost", clubs: "Bat", diamonds: "Candy" },
  },
  nature: {
    name: "Nature",
    icons: { spades: "🍃", hearts: "🌸", clubs: "🌲", diamonds: "☀️" },
    labels: { spades: "Leaf", hearts: "Flower", clubs: "Tree", diamonds: "Sun" },
  },
  animals: {
    name: "Animals",
    icons: { spades: "🐱", hearts: "🐶", clubs: "🐦", diamonds: "🐟" },
    labels: { spades: "Cat", hearts: "Dog", clubs: "Bird", diamonds: "Fish" },
  },
};

export const DEFAULT_CONFIG: Readonly<CubestaccConfig> = { seats: 4, wildPivot: false, pack: "classic" };

export interface ConfigOptions {
  seats?: unknown;
  wildPivot?: unknown;
  pack?: unknown;
}

export type ConfigResult = { ok: true; config: CubestaccConfig } | { ok: false; error: Rejection };

/**
 * seats: whole number 2..5 (default 4); wildPivot: boolean (default false);
 * pack: classic | space | halloween | nature | animals, any letter case (default classic).
 */
export function resolveConfig(opts: ConfigOptions = {}): ConfigResult {
  const o: ConfigOptions = opts ?? {};
  const seats = o.seats ?? DEFAULT_CONFIG.seats;
  if (typeof seats !== "number" || !Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) {
    return fail(`Seats must be a whole number from ${MIN_SEATS} to ${MAX_SEATS}.`);
  }
  const wildPivot = o.wildPivot ?? DEFAULT_CONFIG.wildPivot;
  if (typeof wildPivot !== "boolean") return fail("wildPivot must be true or false.");
  const packIn = o.pack ?? DEFAULT_CONFIG.pack;
  const pack = typeof packIn === "string" ? packIn.toLowerCase() : packIn;
  if (typeof pack !== "string" || !(PACK_IDS as readonly string[]).includes(pack)) {
    return fail(`Unknown pack ${JSON.stringify(packIn)}: use ${PACK_IDS.join(", ")}.`);
  }
  return { ok: true, config: { seats, wildPivot, pack: pack as PackId } };
}

function fail(message: string): ConfigResult {
  return { ok: false, error: { code: "bad-config", message } };
}
