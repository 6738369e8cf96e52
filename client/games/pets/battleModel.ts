// The battle player's model: one battle's compact event list (common/pets/README.md) grouped
// into the beats the player shows one at a time, and the two lines (pet in play + cards to
// come) after each beat. A beat keeps what the canvas needs to make an effect legible that
// the bare event leaves implicit: a shield `shield` event before a hit is that hit blocked
// (a bubble pops), a `ko` before a clash is Scorpion's knock-out, Garlic shaved 1 off, who
// threw a rock (Rhino, a Play effect, a volley). No DOM, no Pixi: the view reads it.
// (.js imports: the browser tests read this module under Node too.)
import type { BattleEvent } from "../../../common/pets/index.js";
import { cardDef, isCardKey } from "../../../common/pets/index.js";

const nameOf = (key: string): string => (isCardKey(key) ? cardDef(key).name : key);

export type Side = 0 | 1;

export interface Fighter {
  key: string;
  power: number;
  /** Apples eaten (in its power): Skunk strips them, Wolverine steals them. */
  apples?: number;
  dmg: number;
  perk: string | null;
  shield: boolean;
}

export interface Line {
  /** Cards still to come, top (next) first. */
  queue: string[];
  pet: Fighter | null;
  /** Apples revealed that wait for the next pet. */
  apples: number;
  /** Volleys set aside (rocks waiting), aura bonus, team shields armed: small badges. */
  volleys: number;
  aura: number;
  teamShield: number;
}

/** What a hit did beyond its markers (a rock's or one side of a clash). */
export interface HitNote {
  /** A shield took the whole hit (the bubble pops). */
  blocked: boolean;
  /** Garlic shaved 1 off. */
  garlic: boolean;
  /** Scorpion's knock-out. */
  ko: boolean;
}

export type Beat =
  | { k: "reveal"; s: Side; card: string; from: number; pet: Fighter }
  | { k: "food"; s: Side; card: string; from: number }
  | { k: "rock"; s: Side; roll: number; dmg: number; by: string; note: HitNote }
  | { k: "clash"; dmg: [number, number]; notes: [HitNote, HitNote] }
  | { k: "shieldGain"; s: Side }
  | { k: "hurt"; s: Side }
  /** One or both front pets faint; summons that follow at once land in the same beat. */
  | { k: "faint"; sides: Side[]; cards: string[]; summons: { s: Side; card: string; n: number }[] }
  | { k: "summon"; s: Side; card: string; n: number }
  | { k: "heal"; s: Side }
  | { k: "grow"; s: Side; n: number }
  | { k: "strip"; s: Side; perk: string | null }
  | { k: "steal"; s: Side; n: number }
  | { k: "mill"; s: Side; card: string }
  | { k: "volley"; s: Side; rocks: number }
  | { k: "aura"; s: Side; n: number }
  | { k: "teamShield"; s: Side }
  | { k: "end"; winner: Side | null; reason: "out" | "stalemate" | "limit" };

export type BeatKind = Beat["k"];

/** Relative time a beat stays on screen (× the step time at 1×). */
export const BEAT_LENGTH: Record<BeatKind, number> = {
  reveal: 1, food: 0.6, rock: 1.1, clash: 1.25, shieldGain: 0.8, hurt: 0.6, faint: 1.2, summon: 0.9, heal: 0.8, grow: 0.7,
  strip: 0.9, steal: 0.9, mill: 0.9, volley: 0.8, aura: 0.8, teamShield: 0.8, end: 1,
};

export const isTemporary = (key: string): boolean => isCardKey(key) && cardDef(key).temporary;
const ROCK_THROWERS = new Set(["mosquito", "dolphin", "leopard", "rhino"]);

export const newLine = (lineup: readonly string[]): Line => ({ queue: lineup.slice(), pet: null, apples: 0, volleys: 0, aura: 0, teamShield: 0 });

/**
 * Groups the events into beats, reading the lines as they stand before each one (who threw
 * a rock, whether a pet wore Garlic). `lines` are left as after the last beat.
 */
export function beatsOf(events: readonly BattleEvent[], lines: [Line, Line]): Beat[] {
  const beats: Beat[] = [];
  const pending: { blocked: Side[]; ko: Side[] } = { blocked: [], ko: [] };
  const note = (s: Side, garlic: boolean): HitNote => ({ blocked: pending.blocked.includes(s), garlic, ko: pending.ko.includes(s) });
  const garlicOn = (s: Side) => lines[s].pet?.perk === "garlic";
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    let beat: Beat | null = null;
    switch (e.e) {
      case "shield":
        // A pet wearing a shield loses it to the next hit (the event comes before that hit's);
        // one without gains it (Gorilla's Hurt effect).
        if (lines[e.s].pet?.shield) pending.blocked.push(e.s);
        else beat = { k: "shieldGain", s: e.s };
        break;
      case "ko":
        pending.ko.push(e.s);
        break;
      case "reveal":
        beat = { k: "reveal", s: e.s, card: e.card, from: lines[e.s].queue.indexOf(e.card), pet: { key: e.card, power: e.power, dmg: 0, perk: e.perk, shield: e.shield } };
        break;
      case "food":
        beat = { k: "food", s: e.s, card: e.card, from: lines[e.s].queue.indexOf(e.card) };
        break;
      case "rock": {
        const thrower = lines[e.s === 0 ? 1 : 0].pet;
        const by = thrower && ROCK_THROWERS.has(thrower.key) ? thrower.key : "volley";
        beat = { k: "rock", s: e.s, roll: e.roll, dmg: e.dmg, by, note: note(e.s, garlicOn(e.s) && e.roll > 0) };
        break;
      }
      case "clash":
        beat = { k: "clash", dmg: [e.dmg[0], e.dmg[1]], notes: [note(0, garlicOn(0) && !!lines[1].pet), note(1, garlicOn(1) && !!lines[0].pet)] };
        break;
      case "faint": {
        const b: Beat = { k: "faint", sides: [e.s], cards: [e.card], summons: [] };
        // The other front pet fainting in the same clash, then summons straight after.
        while (events[i + 1]?.e === "faint") {
          const f = events[++i] as { s: Side; card: string };
          b.sides.push(f.s);
          b.cards.push(f.card);
        }
        while (events[i + 1]?.e === "summon") {
          const m = events[++i] as { s: Side; card: string; n: number };
          b.summons.push({ s: m.s, card: m.card, n: m.n });
        }
        beat = b;
        break;
      }
      case "summon":
        beat = { k: "summon", s: e.s, card: e.card, n: e.n };
        break;
      case "strip":
        beat = { k: "strip", s: e.s, perk: lines[e.s].pet?.perk ?? null };
        break;
      case "hurt":
      case "heal":
      case "teamShield":
        beat = { k: e.e, s: e.s };
        break;
      case "grow":
      case "aura":
      case "steal":
        beat = { k: e.e, s: e.s, n: e.n };
        break;
      case "mill":
        beat = { k: "mill", s: e.s, card: e.card };
        break;
      case "volley":
        beat = { k: "volley", s: e.s, rocks: e.rocks };
        break;
      case "end":
        beat = { k: "end", winner: e.winner, reason: e.reason };
        break;
    }
    if (beat) {
      pending.blocked = [];
      pending.ko = [];
      beats.push(beat);
      applyBeat(beat, lines);
    }
  }
  return beats;
}

const drop = (queue: string[], card: string) => {
  const i = queue.indexOf(card);
  if (i >= 0) queue.splice(i, 1);
};

/** The lines after `beat`. */
export function applyBeat(b: Beat, lines: [Line, Line]): void {
  const hit = (s: Side, dmg: number, n: HitNote) => {
    const p = lines[s].pet;
    if (!p) return;
    if (n.blocked) p.shield = false;
    p.dmg += dmg;
  };
  switch (b.k) {
    case "reveal": {
      const l = lines[b.s];
      drop(l.queue, b.card);
      l.pet = { ...b.pet, apples: l.apples };
      l.apples = 0;
      if (l.teamShield > 0) l.teamShield--;
      return;
    }
    case "food":
      if (b.card === "apple") lines[b.s].apples++;
      return drop(lines[b.s].queue, b.card);
    case "rock": {
      const thrower = lines[b.s === 0 ? 1 : 0];
      if (b.by === "volley") thrower.volleys = Math.max(0, thrower.volleys - 1);
      return hit(b.s, b.dmg, b.note);
    }
    case "clash":
      hit(0, b.dmg[0], b.notes[0]);
      hit(1, b.dmg[1], b.notes[1]);
      return;
    case "shieldGain":
      if (lines[b.s].pet) lines[b.s].pet!.shield = true;
      return;
    case "faint":
      for (const s of b.sides) lines[s].pet = null;
      for (const m of b.summons) for (let i = 0; i < m.n; i++) lines[m.s].queue.unshift(m.card);
      return;
    case "summon":
      for (let i = 0; i < b.n; i++) lines[b.s].queue.unshift(b.card);
      return;
    case "heal":
      if (lines[b.s].pet) lines[b.s].pet!.dmg = 0;
      return;
    case "grow":
      if (lines[b.s].pet) lines[b.s].pet!.power += b.n;
      return;
    case "strip": {
      const p = lines[b.s].pet;
      if (!p) return;
      if (p.perk === "melon") p.shield = false; // Melon's shield goes with Melon
      p.perk = null;
      p.power -= p.apples ?? 0;
      p.apples = 0;
      return;
    }
    case "steal": {
      const victim = lines[b.s].pet;
      const thief = lines[b.s === 0 ? 1 : 0].pet;
      if (victim) {
        victim.power -= b.n;
        victim.apples = 0;
      }
      if (thief) {
        thief.power += b.n;
        thief.apples = (thief.apples ?? 0) + b.n;
      }
      return;
    }
    case "mill":
      return drop(lines[b.s].queue, b.card);
    case "volley":
      lines[b.s].volleys += b.rocks;
      return;
    case "aura":
      lines[b.s].aura += b.n;
      return;
    case "teamShield":
      lines[b.s].teamShield++;
      return;
    default:
      return;
  }
}

/**
 * The kinds of beat and of effect inside one that `b` shows (the browser tests' checklist):
 * the beat's kind, and shieldPop, garlic, ko, rhino / playRock / volleyRock, faintSummon,
 * bee, apple.
 */
export function beatMarks(b: Beat): string[] {
  const marks: string[] = [b.k];
  if (b.k === "rock" || b.k === "clash") {
    for (const n of b.k === "rock" ? [b.note] : b.notes) {
      if (n.blocked) marks.push("shieldPop");
      if (n.garlic) marks.push("garlic");
      if (n.ko) marks.push("ko");
    }
    if (b.k === "rock") marks.push(b.by === "rhino" ? "rhino" : b.by === "volley" ? "volleyRock" : "playRock");
  }
  if (b.k === "faint" && b.summons.length) marks.push("faintSummon");
  const summoned = b.k === "summon" ? [b.card] : b.k === "faint" ? b.summons.map((m) => m.card) : [];
  if (summoned.includes("bee")) marks.push("bee");
  if (summoned.includes("apple")) marks.push("apple");
  return marks;
}

/** What a screen reader hears for a beat; `names` are the two sides ("You" for the viewer). */
export function beatLine(b: Beat, names: readonly [string, string]): string {
  const who = (s: Side) => names[s];
  /** "your" / "Ann's" (Your at the start of a line). */
  const whose = (s: Side, start = false) => (who(s) === "You" ? (start ? "Your" : "your") : `${who(s)}'s`);
  /** "You play" / "Ann plays". */
  const does = (s: Side, verb: string) => `${who(s)} ${who(s) === "You" ? verb : `${verb}s`}`;
  const card = nameOf;
  const extras = (s: Side, n: HitNote) =>
    `${n.garlic ? ` Garlic takes 1 off.` : ""}${n.blocked ? ` ${whose(s, true)} shield blocks the hit and pops.` : ""}${n.ko ? ` Scorpion knocks ${whose(s)} pet out!` : ""}`;
  switch (b.k) {
    case "reveal":
      return `${does(b.s, "play")} ${card(b.card)}.`;
    case "food":
      return `${does(b.s, "reveal")} ${card(b.card)}: it feeds the next pet.`;
    case "rock": {
      const by = b.by === "volley" ? "A set-aside rock" : `${nameOf(b.by)}'s rock`;
      return `${by} hits ${whose(b.s)} pet: the die shows ${b.roll}, ${b.dmg} damage.${extras(b.s, b.note)}`;
    }
    case "clash":
      return `Clash! ${whose(0, true)} pet takes ${b.dmg[0]}, ${whose(1)} takes ${b.dmg[1]}.${extras(0, b.notes[0])}${extras(1, b.notes[1])}`;
    case "shieldGain":
      return `${whose(b.s, true)} pet gains a shield.`;
    case "hurt":
      return `${whose(b.s, true)} pet is hurt and survives.`;
    case "faint": {
      const fell = b.sides.map((s, i) => `${whose(s, i === 0)} ${nameOf(b.cards[i])}`).join(" and ");
      const sums = b.summons.map((m) => ` ${does(m.s, "get")} ${m.n > 1 ? `${m.n} × ` : ""}${card(m.card)} on top of the deck.`).join("");
      return `${fell} ${b.sides.length > 1 ? "faint" : "faints"}.${sums}`;
    }
    case "summon":
      return `${does(b.s, "get")} ${b.n > 1 ? `${b.n} × ` : ""}${card(b.card)} on top of the deck.`;
    case "heal":
      return `${whose(b.s, true)} Hippo heals all its damage.`;
    case "grow":
      return `⬆️ ${whose(b.s, true)} pet grows by ${b.n}.`;
    case "strip":
      return `Skunk: ${whose(b.s, true)} pet loses its apples${b.perk ? ` and ${nameOf(b.perk)}` : ""}.`;
    case "steal":
      return `${b.n} apple${b.n > 1 ? "s" : ""} stolen from ${whose(b.s)} pet.`;
    case "mill":
      return `Chili: ${does(b.s, "lose")} ${nameOf(b.card)} off the top of the deck.`;
    case "volley":
      return `${does(b.s, "set")} aside ${b.rocks} rock${b.rocks > 1 ? "s" : ""} for later.`;
    case "aura":
      return `An aura: ${whose(b.s)} next pets get +${b.n}.`;
    case "teamShield":
      return `${whose(b.s, true)} next pet will come in shielded.`;
    case "end":
      return b.winner === null ? (b.reason === "stalemate" ? "Stalemate: nothing changes any more, a draw." : "A draw.") : `${does(b.winner, "win")} the battle.`;
  }
}
