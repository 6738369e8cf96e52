// The Auto Pets battle: a stack machine over two decks with injected dice.
// Each side reveals cards off the top of its deck until a pet is in play (foods on the way
// wait for it: apples add power, the last perk wins). Triggered effects are pushed onto a
// stack and resolved last-in first-out, so a faint caused by a Play effect resolves before
// the next Play effect. Then the two pets clash at once: each deals its full power as damage
// markers and faints at markers ≥ power. A clash that changes nothing is a stalemate draw;
// the last side able to field a pet wins. Decks are def indices (cards.ts), top first; the
// inputs are never mutated. Events are optional so Monte-Carlo rollouts can skip them.

import { CARD_INDEX, CARDS, ROCK_FACES, type Effect, type VolleyWhen } from "./cards.js";

/** Injected dice: uniform integer in [0, n). */
export interface Dice {
  int(n: number): number;
}

export type BattleSide = 0 | 1;

/** Compact, animatable record of a battle. `s` is the side the event happens to. */
export type BattleEvent =
  | { e: "reveal"; s: BattleSide; card: string; power: number; perk: string | null; shield: boolean }
  | { e: "food"; s: BattleSide; card: string }
  | { e: "rock"; s: BattleSide; roll: number; dmg: number }
  | { e: "clash"; dmg: [number, number] }
  | { e: "shield"; s: BattleSide }
  | { e: "ko"; s: BattleSide }
  | { e: "hurt"; s: BattleSide }
  | { e: "faint"; s: BattleSide; card: string }
  | { e: "summon"; s: BattleSide; card: string; n: number }
  | { e: "heal"; s: BattleSide }
  | { e: "grow"; s: BattleSide; n: number }
  | { e: "strip"; s: BattleSide }
  | { e: "steal"; s: BattleSide; n: number }
  | { e: "mill"; s: BattleSide; card: string }
  | { e: "volley"; s: BattleSide; when: VolleyWhen; rocks: number; times: number }
  | { e: "aura"; s: BattleSide; n: number }
  | { e: "teamShield"; s: BattleSide }
  | { e: "end"; winner: BattleSide | null; reason: "out" | "stalemate" | "limit" };

export interface BattleResult {
  winner: BattleSide | null;
  reason: "out" | "stalemate" | "limit";
  /** Main-loop iterations used (reveal rounds + clashes); bounded by MAX_BATTLE_STEPS. */
  steps: number;
}

/** Hard bound on main-loop iterations; no legal battle comes near it (see the properties). */
export const MAX_BATTLE_STEPS = 1000;

const APPLE = CARD_INDEX["apple"];
const BEE = CARD_INDEX["bee"];
const IS_PET = CARDS.map((c) => c.kind === "pet");
const FOOD = CARDS.map((c) => c.food);
const ABILITY = CARDS.map((c) => c.ability);
const BASE = CARDS.map((c) => c.power);
const KEY = CARDS.map((c) => c.key);

interface Fighter {
  def: number;
  power: number;
  markers: number;
  apples: number;
  perk: number; // def index of the perk food, or -1
  shield: boolean;
  melonShield: boolean;
  hurtDone: boolean;
}

interface Volley {
  when: VolleyWhen;
  rocks: number;
  times: number; // -1: every time
}

interface Side {
  deck: number[]; // top = last element
  apples: number; // foods revealed, waiting for the next pet
  perk: number;
  pet: Fighter | null;
  aura: number;
  teamShield: number;
  fainted: number;
  volleys: Volley[];
}

const PLAY = 0, FAINT = 1, HURT = 2, ROCKS = 3;
interface Task {
  k: number;
  s: BattleSide;
  f: Fighter | null;
  n: number;
}

const other = (s: BattleSide): BattleSide => (1 - s) as BattleSide;

/** Runs one battle between two decks (def indices, top first). */
export function runBattle(deck0: readonly number[], deck1: readonly number[], dice: Dice, events: BattleEvent[] | null = null): BattleResult {
  const side = (d: readonly number[]): Side => ({ deck: d.slice().reverse(), apples: 0, perk: -1, pet: null, aura: 0, teamShield: 0, fainted: 0, volleys: [] });
  const sides: [Side, Side] = [side(deck0), side(deck1)];
  const stack: Task[] = [];
  const ev = events;

  const pushDeck = (s: BattleSide, card: number, n: number) => {
    for (let i = 0; i < n; i++) sides[s].deck.push(card);
    if (ev && n > 0) ev.push({ e: "summon", s, card: KEY[card], n });
  };

  /** Faint or Hurt bookkeeping after side s's pet changed. `hurt`: it took damage. */
  const settle = (s: BattleSide, hurt: boolean) => {
    const sd = sides[s];
    const p = sd.pet;
    if (!p) return;
    if (p.markers >= p.power) {
      sd.pet = null;
      sd.fainted++;
      if (ev) ev.push({ e: "faint", s, card: KEY[p.def] });
      stack.push({ k: FAINT, s, f: p, n: sd.fainted - 1 });
    } else if (hurt) {
      if (ev) ev.push({ e: "hurt", s });
      stack.push({ k: HURT, s, f: p, n: 0 });
    }
  };

  /** A hit of `dmg` on side s's pet; true when it changed something. */
  const hit = (s: BattleSide, dmg: number, knockout: boolean): boolean => {
    const p = sides[s].pet;
    if (!p || dmg <= 0) return false;
    if (FOOD[p.perk] === "garlic") {
      dmg--;
      if (dmg <= 0) return false;
    }
    if (p.shield) {
      p.shield = false;
      p.melonShield = false;
      if (ev) ev.push({ e: "shield", s });
      return true;
    }
    p.markers += dmg;
    if (knockout && p.markers < p.power) {
      p.markers = p.power;
      if (ev) ev.push({ e: "ko", s });
    }
    return true;
  };

  const throwRocks = (target: BattleSide, n: number) => {
    const thrower = sides[other(target)].pet;
    const bonus = thrower && FOOD[thrower.perk] === "pineapple" ? 1 : 0;
    for (let i = 0; i < n; i++) {
      const p = sides[target].pet;
      if (!p) return; // the rest fall on an empty slot
      const face = ROCK_FACES[dice.int(6)];
      const dmg = face > 0 ? face + bonus : 0;
      const before = p.markers;
      const changed = hit(target, dmg, false);
      if (ev) ev.push({ e: "rock", s: target, roll: face, dmg: p.markers - before });
      if (changed) settle(target, p.markers > before);
    }
  };

  const fireVolleys = (s: BattleSide, when: VolleyWhen): boolean => {
    const vs = sides[s].volleys;
    let fired = false;
    for (let i = vs.length - 1; i >= 0; i--) {
      const v = vs[i];
      if (v.when !== when) continue;
      stack.push({ k: ROCKS, s: other(s), f: null, n: v.rocks });
      fired = true;
      if (v.times > 0 && --v.times === 0) vs.splice(i, 1);
    }
    return fired;
  };

  const faintEffect = (s: BattleSide, f: Fighter, earlier: number, fx: Effect) => {
    const sd = sides[s];
    switch (fx.do) {
      case "push":
        pushDeck(fx.onto === "own" ? s : other(s), CARD_INDEX[fx.card], fx.n);
        break;
      case "recycle":
        pushDeck(s, APPLE, f.apples);
        break;
      case "pushPerFaint":
        pushDeck(s, CARD_INDEX[fx.card], Math.min(fx.max, earlier));
        break;
      case "volley":
        sd.volleys.push({ when: fx.when, rocks: fx.rocks, times: fx.times });
        if (ev) ev.push({ e: "volley", s, when: fx.when, rocks: fx.rocks, times: fx.times });
        break;
      case "aura":
        sd.aura += fx.n;
        if (ev) ev.push({ e: "aura", s, n: fx.n });
        break;
      case "teamShield":
        sd.teamShield++;
        if (ev) ev.push({ e: "teamShield", s });
        break;
      default:
        break;
    }
  };

  const resolve = (t: Task) => {
    const s = t.s;
    const sd = sides[s];
    switch (t.k) {
      case ROCKS:
        throwRocks(s, t.n);
        return;
      case PLAY: {
        const f = t.f!;
        const en = other(s);
        const a = ABILITY[f.def];
        if (a && a.on === "play") {
          const fx = a.effect;
          const target = sides[en].pet;
          if (fx.do === "rocks") throwRocks(en, fx.n);
          else if (fx.do === "strip" && target) {
            target.power -= target.apples;
            target.apples = 0;
            target.perk = -1;
            if (target.melonShield) target.shield = target.melonShield = false;
            if (ev) ev.push({ e: "strip", s: en });
            settle(en, false);
          } else if (fx.do === "steal" && target && sd.pet === f && target.apples > 0) {
            const n = target.apples;
            target.power -= n;
            target.apples = 0;
            f.apples += n;
            f.power += n;
            if (ev) ev.push({ e: "steal", s: en, n });
            settle(en, false);
          }
        }
        return;
      }
      case FAINT: {
        const f = t.f!;
        const a = ABILITY[f.def];
        const en = other(s);
        // Reactions of the enemy pet in play go under this pet's own Faint effects.
        const e = sides[en].pet;
        const ea = e ? ABILITY[e.def] : null;
        if (e && ea && ea.on === "enemyFaint") {
          if (ea.effect.do === "heal" && e.markers > 0) {
            e.markers = 0;
            if (ev) ev.push({ e: "heal", s: en });
          } else if (ea.effect.do === "grow") {
            e.power += ea.effect.n;
            if (ev) ev.push({ e: "grow", s: en, n: ea.effect.n });
          }
        }
        if (FOOD[f.perk] === "honey") pushDeck(s, BEE, 1);
        if (a && a.on === "faint") faintEffect(s, f, t.n, a.effect);
        return;
      }
      case HURT: {
        const f = t.f!;
        fireVolleys(s, "friendHurt");
        if (sd.pet !== f || f.hurtDone) return;
        const a = ABILITY[f.def];
        if (!a || a.on !== "hurt") return;
        f.hurtDone = true;
        const fx = a.effect;
        if (fx.do === "grow") {
          f.power += fx.n;
          if (ev) ev.push({ e: "grow", s, n: fx.n });
        } else if (fx.do === "push") pushDeck(s, CARD_INDEX[fx.card], fx.n);
        else if (fx.do === "shield" && !f.shield) {
          f.shield = true;
          if (ev) ev.push({ e: "shield", s });
        }
        return;
      }
    }
  };

  const run = () => {
    while (stack.length) resolve(stack.pop()!);
  };

  /** Reveals side s up to its next pet; returns it (or null when the deck ran out). */
  const reveal = (s: BattleSide): Fighter | null => {
    const sd = sides[s];
    while (sd.deck.length) {
      const c = sd.deck.pop()!;
      if (!IS_PET[c]) {
        if (c === APPLE) sd.apples++;
        else sd.perk = c;
        if (ev) ev.push({ e: "food", s, card: KEY[c] });
        continue;
      }
      const f: Fighter = { def: c, power: BASE[c] + sd.apples + sd.aura, markers: 0, apples: sd.apples, perk: sd.perk, shield: false, melonShield: false, hurtDone: false };
      sd.apples = 0;
      sd.perk = -1;
      if (FOOD[f.perk] === "melon") f.shield = f.melonShield = true;
      if (sd.teamShield > 0) {
        sd.teamShield--;
        f.shield = true;
      }
      sd.pet = f;
      if (ev) ev.push({ e: "reveal", s, card: KEY[c], power: f.power, perk: f.perk >= 0 ? KEY[f.perk] : null, shield: f.shield });
      return f;
    }
    return null;
  };

  /** Pushes what playing f on side s triggers (its Play effect, Chili, the enemy's Rhino and Snake). */
  const played = (s: BattleSide, f: Fighter) => {
    const en = other(s);
    fireVolleys(en, "enemyPlay");
    const e = sides[en].pet;
    if (e) {
      const ea = ABILITY[e.def];
      if (ea && ea.on === "enemyPlay" && ea.effect.do === "rocks") stack.push({ k: ROCKS, s, f: null, n: ea.effect.n });
    }
    if (FOOD[f.perk] === "chili") {
      const d = sides[en].deck;
      if (d.length) {
        const c = d.pop()!;
        if (ev) ev.push({ e: "mill", s: en, card: KEY[c] });
      }
    }
    stack.push({ k: PLAY, s, f, n: 0 });
  };

  const finish = (winner: BattleSide | null, reason: BattleResult["reason"], steps: number): BattleResult => {
    if (ev) ev.push({ e: "end", winner, reason });
    return { winner, reason, steps };
  };

  for (let steps = 1; ; steps++) {
    if (steps > MAX_BATTLE_STEPS) return finish(null, "limit", steps - 1);
    const new0 = sides[0].pet ? null : reveal(0);
    const new1 = sides[1].pet ? null : reveal(1);
    if (new0 || new1) {
      // Side 0's triggers resolve first: push side 1's underneath.
      if (new1) played(1, new1);
      if (new0) played(0, new0);
      run();
      continue;
    }
    const p0 = sides[0].pet, p1 = sides[1].pet;
    if (!p0 || !p1) return finish(p0 ? 0 : p1 ? 1 : null, "out", steps);
    const v1 = fireVolleys(1, "beforeClash");
    const v0 = fireVolleys(0, "beforeClash");
    if (v0 || v1) {
      run();
      if (sides[0].pet !== p0 || sides[1].pet !== p1) continue;
    }
    const ko0 = ABILITY[p0.def]?.on === "clash", ko1 = ABILITY[p1.def]?.on === "clash";
    const m0 = p0.markers, m1 = p1.markers;
    const c1 = hit(1, p0.power, ko0);
    const c0 = hit(0, p1.power, ko1);
    if (ev) ev.push({ e: "clash", dmg: [p0.markers - m0, p1.markers - m1] });
    if (!c0 && !c1) return finish(null, "stalemate", steps);
    // Faints resolve before Hurt effects; side 0 first.
    const h0 = p0.markers > m0, h1 = p1.markers > m1;
    if (h1 && p1.markers < p1.power) settle(1, true);
    if (h0 && p0.markers < p0.power) settle(0, true);
    if (p1.markers >= p1.power) settle(1, false);
    if (p0.markers >= p0.power) settle(0, false);
    run();
  }
}

/** Def indices of card keys (a line-up as players see it). */
export const deckOf = (keys: readonly string[]): number[] => keys.map((k) => {
  const i = CARD_INDEX[k];
  if (i === undefined) throw new Error(`no card ${k}`);
  return i;
});

/** runBattle over card keys, returning the events too. */
export function battleKeys(deck0: readonly string[], deck1: readonly string[], dice: Dice): BattleResult & { events: BattleEvent[] } {
  const events: BattleEvent[] = [];
  const r = runBattle(deckOf(deck0), deckOf(deck1), dice, events);
  return { ...r, events };
}
