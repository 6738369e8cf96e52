// The score line over the Auto Pets table: one chip per seat in play. Up to four seats a
// chip says it all in words ("Ann 2 trophies · 3 gold · 4 cards (3 pets) shopping"); with
// more (up to 8) a chip says the trophies, the gold and what the seat is doing, and the
// words go to its title and its accessible name, so eight chips fit a phone in two rows.
import { h } from "../../ui/dom";
import { portraitSvg } from "./portraits";

export interface ScoreSeat {
  seat: number;
  name: string;
  me: boolean;
  onTurn: boolean;
  trophies: number;
  gold: number;
  cards: number;
  pets: number;
  /** "shopping", "passed", "arranging", "ready" or "". */
  flag: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function scoreChip(x: ScoreSeat, compact: boolean): HTMLElement {
  const words = `${plural(x.trophies, "trophy", "trophies")} · ${x.gold} gold · ${plural(x.cards, "card")} (${plural(x.pets, "pet")})`;
  const cls = `pets-score${x.me ? " pets-score-me" : ""}${x.onTurn ? " pets-score-turn" : ""}${compact ? " pets-score-compact" : ""}`;
  if (!compact) return h("span", { class: cls, "data-seat": x.seat }, h("b", {}, x.name), ` ${words}`, x.flag ? h("i", {}, ` ${x.flag}`) : null);
  // drawn marks (portraits.ts), never the player's emoji font
  const mark = x.flag === "passed" || x.flag === "ready" ? "✓" : x.flag === "shopping" ? portraitSvg("shopping", 14) : x.flag === "arranging" ? "…" : "";
  return h(
    "span",
    { class: cls, "data-seat": x.seat, title: `${x.name}: ${words}${x.flag ? `, ${x.flag}` : ""}`, "aria-label": `${x.name}: ${words}${x.flag ? `, ${x.flag}` : ""}` },
    h("b", { class: "pets-score-name" }, x.name),
    h("span", { class: "pets-score-figures", "aria-hidden": "true" }, `${x.trophies}`, portraitSvg("trophy", 14), ` ${x.gold}`, portraitSvg("gold", 14), mark ? " " : "", mark),
  );
}

/** Chips are compact past this many seats. */
export const COMPACT_SCORES_FROM = 5;
