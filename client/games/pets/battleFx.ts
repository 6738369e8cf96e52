// A beat's motion on the battle canvas. The view already shows the lines AFTER the beat;
// each effect starts from how things stood before (a pet still in its slot, its damage not
// yet taken) and moves to it: the pet walks from its line to the front, a rock arcs over
// with the die it rolled, the front pets lunge at each other, a shield bubble swells and
// pops, a fainted card tips over and falls away, summons grow in place. With reduced
// motion nothing flies: things appear where they end, and the words still say what happened.
import { Sprite } from "pixi.js";
import type { BattleCard } from "./battleCard";
import type { Beat, HitNote, Line, Side } from "./battleModel";
import type { BattleView } from "./battleView";
import { nameOf } from "./cards";

const easeOut = (t: number) => 1 - (1 - t) ** 3;
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const other = (s: Side): Side => (s === 0 ? 1 : 0);

/** The result banner's words for a battle's end. */
export interface Ending {
  head: string;
  sub: string;
  tone: "win" | "loss" | "draw";
}

export function playBeat(v: BattleView, b: Beat, before: [Line, Line], dur: number, reduced: boolean, ending: Ending): void {
  const L = v.lay;
  const float = (text: string, x: number, y: number, colour: number, delay = 0, size = 20, w = v.word(text, x, y, colour, size)) => {
    w.alpha = 0;
    // from where the view placed it (kept on the canvas), low enough to rise 24 px and stay on it
    const y0 = reduced ? w.y : Math.max(w.y, w.height / 2 + 28);
    v.add({
      delay,
      dur: dur * 0.7,
      update: (t) => {
        w.alpha = t < 0.15 ? t / 0.15 : t > 0.8 ? (1 - t) / 0.2 : 1;
        if (!reduced) w.y = y0 - 24 * easeOut(t);
      },
    });
  };
  /** Shows the pet as it stood before, then as after at `at` (0..1 of the beat). */
  const switchAt = (s: Side, at: number) => {
    const c = v.frontCard(s);
    const was = before[s].pet;
    if (!c || !was || !c.fighter) return;
    const now = c.fighter;
    c.showFighter(was);
    v.add({ delay: dur * at, dur: 0, update: () => c.showFighter(now) });
  };
  const flash = (c: BattleCard | null, colour: number, at: number) => {
    if (!c) return;
    v.add({ delay: dur * at, dur: dur * 0.35, update: (t) => c.tintLife(t >= 1 ? 0xffffff : colour) });
  };
  const hitWords = (s: Side, n: HitNote, dmg: number, at: number) => {
    const f = L.front[s];
    if (n.blocked) {
      popBubble(s, at);
      float("Blocked!", f.x, f.y - f.h * 0.12, 0x8ecbff, dur * at, 20);
    } else if (dmg > 0) {
      // On the card's outer top corner (the right one when the lines are stacked).
      const side = L.wide ? (s === 0 ? -1 : 1) : 1;
      const x = f.x + side * f.w * 0.5, y = f.y - f.h * 0.5 + 8;
      float("", x, y, 0, dur * at, 20, v.damage(dmg, x, y));
    }
    if (n.garlic) float("Garlic −1", f.x, f.y + f.h * 0.22, 0xb6e36b, dur * at, 15);
    if (n.ko) {
      float("KNOCK-OUT!", f.x, f.y + 6, 0xffd23f, dur * (at + 0.05), 22);
      float("by Scorpion", f.x, f.y + 34, 0xffd23f, dur * (at + 0.05), 14);
    }
    if (!n.blocked && dmg > 0) flash(v.frontCard(s), 0xffd6d1, at);
  };
  /** The bubble the pet wore swells and bursts (the pet no longer wears it after). */
  const popBubble = (s: Side, at: number) => {
    const f = L.front[s];
    const bub = new Sprite(v.tx.bubble());
    bub.anchor.set(0.5);
    bub.position.set(f.x, f.y);
    bub.scale.set(L.frontScale);
    v.fx.addChild(bub);
    v.add({
      delay: dur * at,
      dur: dur * 0.45,
      update: (t) => {
        bub.scale.set(L.frontScale * (1 + 0.35 * t));
        bub.alpha = 1 - t;
      },
    });
  };

  switch (b.k) {
    case "reveal": {
      const c = v.frontCard(b.s);
      const from = b.from >= 0 ? L.queue(b.s, b.from) : null;
      if (!c) return;
      const to = L.front[b.s];
      if (reduced || !from) {
        c.alpha = 0;
        v.add({ delay: 0, dur: dur * 0.3, update: (t) => (c.alpha = t) });
      } else {
        v.add({
          delay: 0,
          dur: dur * 0.55,
          update: (t) => {
            const e = easeOut(t);
            c.position.set(lerp(from.x, to.x, e), lerp(from.y, to.y, e) - Math.sin(Math.PI * t) * 30);
            c.scale.set(lerp(L.queueScale, L.frontScale, e));
          },
        });
      }
      if (b.pet.perk) float(`+ ${nameOf(b.pet.perk)}`, to.x, to.y + to.h / 2 + 12, 0xb6e36b, dur * 0.5, 15);
      return;
    }
    case "food": {
      const from = (b.from >= 0 && L.queue(b.s, b.from)) || L.queue(b.s, 0)!;
      const g = v.ghost(b.card, from, L.queueScale, true);
      const to = L.front[b.s];
      v.add({
        delay: 0,
        dur: dur * 0.8,
        update: (t) => {
          const e = easeOut(t);
          if (!reduced) g.position.set(lerp(from.x, to.x, e), lerp(from.y, to.y, e) - Math.sin(Math.PI * t) * 24);
          else g.position.set(to.x, to.y);
          g.alpha = t < 0.7 ? 1 : (1 - t) / 0.3;
        },
      });
      return;
    }
    case "rock": {
      switchAt(b.s, 0.6);
      const to = L.front[b.s];
      const src = v.frontCard(other(b.s)) && b.by !== "volley" ? L.front[other(b.s)] : { x: L.front[other(b.s)].x, y: 10, w: 0, h: 0 };
      const rock = new Sprite(v.tx.rock());
      const die = new Sprite(v.tx.die(b.roll));
      rock.anchor.set(0.5);
      die.anchor.set(0.5);
      v.fx.addChild(rock, die);
      const by = b.by === "volley" ? "Set-aside rock" : `${nameOf(b.by)}'s rock`;
      float(by, to.x, to.y + to.h / 2 + 34, 0xe8eefc, 0, 14);
      const land = { x: to.x + (L.wide ? 0 : -to.w * 0.2), y: to.y - to.h * 0.15 };
      v.add({
        delay: 0,
        dur: dur * 0.6,
        update: (t) => {
          const e = reduced ? 1 : t;
          rock.position.set(lerp(src.x, land.x, e), lerp(src.y, land.y, e) - (reduced ? 0 : Math.sin(Math.PI * e) * 70));
          rock.rotation = reduced ? 0 : e * 6;
          die.position.set(rock.x + 26, rock.y - 20);
          die.scale.set(1 + 0.25 * Math.max(0, (t - 0.8) / 0.2));
        },
      });
      v.add({
        delay: dur * 0.6,
        dur: dur * 0.4,
        update: (t) => {
          rock.alpha = 1 - t;
          if (t >= 1) die.alpha = 0;
        },
      });
      if (b.dmg === 0 && !b.note.blocked) float(b.roll === 0 ? "Miss (0)" : "No damage", to.x, to.y - 10, 0xe8eefc, dur * 0.6, 18);
      hitWords(b.s, b.note, b.dmg, 0.6);
      return;
    }
    case "clash": {
      switchAt(0, 0.45);
      switchAt(1, 0.45);
      for (const s of [0, 1] as const) {
        const c = v.frontCard(s);
        if (!c || reduced) continue;
        const home = L.front[s];
        const dir = L.wide ? { x: s === 0 ? 1 : -1, y: 0 } : { x: 0, y: s === 0 ? -1 : 1 };
        const reach = L.wide ? 26 : 12;
        v.add({
          delay: 0,
          dur: dur * 0.7,
          update: (t) => {
            const k = t < 0.45 ? easeOut(t / 0.45) : 1 - easeOut((t - 0.45) / 0.55);
            c.position.set(home.x + dir.x * reach * k, home.y + dir.y * reach * k);
          },
        });
      }
      const burst = new Sprite(v.tx.burst());
      burst.anchor.set(0.5);
      burst.position.set(L.mid.x, L.mid.y);
      burst.alpha = 0;
      v.fx.addChild(burst);
      v.add({
        delay: dur * 0.4,
        dur: dur * 0.45,
        update: (t) => {
          burst.alpha = 1 - t;
          burst.scale.set((0.5 + t * 0.6) * L.frontScale);
        },
      });
      hitWords(0, b.notes[0], b.dmg[0], 0.45);
      hitWords(1, b.notes[1], b.dmg[1], 0.45);
      return;
    }
    case "shieldGain": {
      const c = v.frontCard(b.s);
      if (!c) return;
      v.add({ delay: 0, dur: dur * 0.5, update: (t) => c.bubble.scale.set(reduced ? 1 : 0.4 + 0.6 * easeOut(t)) });
      float("Shield!", L.front[b.s].x, L.front[b.s].y - L.front[b.s].h / 2 - 4, 0x8ecbff, 0);
      return;
    }
    case "hurt":
      flash(v.frontCard(b.s), 0xffd6d1, 0);
      float("Hurt", L.front[b.s].x, L.front[b.s].y, 0xff9a8f, 0, 18);
      return;
    case "faint": {
      b.sides.forEach((s, i) => {
        const was = before[s].pet;
        const f = L.front[s];
        const g = v.ghost(b.cards[i], f, L.frontScale, false);
        if (was) g.showFighter({ ...was, shield: false, dmg: Math.max(was.dmg, was.power) });
        const fall = s === 0 ? -1 : 1;
        v.add({
          delay: 0,
          dur: dur * 0.7,
          update: (t) => {
            g.alpha = 1 - t * t * t;
            if (reduced) return;
            g.rotation = fall * 0.7 * t * t;
            g.position.set(f.x + fall * 16 * t, f.y + 70 * t * t);
          },
        });
        float("Faints", f.x, f.y - f.h * 0.3, 0xe8eefc, 0, 18);
      });
      // The summons that follow grow in on top of their decks.
      const counts: [number, number] = [0, 0];
      for (const m of b.summons) counts[m.s] += m.n;
      grow(counts, dur * 0.25);
      return;
    }
    case "summon": {
      const counts: [number, number] = [0, 0];
      counts[b.s] = b.n;
      grow(counts, 0);
      return;
    }
    case "heal": {
      switchAt(b.s, 0.4);
      const f = L.front[b.s];
      const cross = new Sprite(v.tx.cross());
      cross.anchor.set(0.5);
      cross.position.set(f.x, f.y);
      v.fx.addChild(cross);
      v.add({ delay: 0, dur: dur * 0.8, update: (t) => ((cross.alpha = 1 - t), cross.scale.set(reduced ? 1.4 : 0.8 + t * 1.2)) });
      flash(v.frontCard(b.s), 0xb9f2c5, 0.1);
      float("Healed", f.x, f.y - f.h / 2 - 4, 0x7be08f, 0);
      return;
    }
    case "grow":
      switchAt(b.s, 0.3);
      float(`+${b.n} power`, L.front[b.s].x, L.front[b.s].y - 10, 0x7be08f, 0, 22);
      return;
    case "strip":
      switchAt(b.s, 0.4);
      float(b.perk ? `${nameOf(b.perk)} gone` : "Apples gone", L.front[b.s].x, L.front[b.s].y + 20, 0xffb07a, 0, 18);
      float("Skunk", L.front[b.s].x, L.front[b.s].y + 42, 0xffb07a, 0, 14);
      return;
    case "steal":
      switchAt(b.s, 0.4);
      switchAt(other(b.s), 0.6);
      float(`−${b.n} apple${b.n > 1 ? "s" : ""}`, L.front[b.s].x, L.front[b.s].y, 0xff6b5e, 0, 18);
      float(`+${b.n}`, L.front[other(b.s)].x, L.front[other(b.s)].y, 0x7be08f, dur * 0.4, 24);
      return;
    case "mill": {
      const from = L.queue(b.s, 0);
      if (!from) return;
      const g = v.ghost(b.card, from, L.queueScale, true);
      v.add({ delay: 0, dur: dur * 0.7, update: (t) => ((g.alpha = 1 - t), reduced || g.position.set(from.x, from.y - 50 * t)) });
      float("Chili: milled", from.x, from.y - from.h / 2 - 6, 0xffb07a, 0, 15);
      return;
    }
    case "volley":
    case "aura":
    case "teamShield": {
      const p = L.badges[b.s];
      const text = b.k === "volley" ? `${b.rocks} rock${b.rocks > 1 ? "s" : ""} for later` : b.k === "aura" ? `Aura +${b.n}` : "Team shield";
      float(text, L.wide ? (b.s === 0 ? p.x - 60 : p.x + 60) : L.mid.x, L.wide ? p.y + 50 : L.mid.y, 0xffd23f, 0, 18);
      return;
    }
    case "end":
      banner(v, ending, reduced, dur);
      return;
  }

  function grow(counts: [number, number], delay: number): void {
    for (const s of [0, 1] as const) {
      for (let i = 0; i < counts[s]; i++) {
        const c = v.queueCard(s, i);
        if (!c) continue;
        const end = c.scale.x;
        c.scale.set(0);
        v.add({ delay, dur: dur * 0.4, update: (t) => c.scale.set(end * (reduced ? 1 : easeOut(t))) });
      }
      if (counts[s]) {
        const q = L.queue(s, 0)!;
        v.add({ delay, dur: 0, update: () => undefined });
        float("Summoned", q.x, q.y - q.h / 2 - 8, 0xd7b8ff, delay, 15);
      }
    }
  }
}

function banner(v: BattleView, e: Ending, reduced: boolean, dur: number): void {
  const L = v.lay;
  const w = Math.min(L.width - 24, 420);
  const h = 92;
  const colour = e.tone === "win" ? 0x2e8b57 : e.tone === "loss" ? 0xb23a30 : 0x4a5a7a;
  const panel = v.panel(w, h, colour);
  panel.position.set(L.width / 2, L.height / 2);
  // at the panel's own coordinates (its centre is 0, 0): not moved to stay on the canvas
  const head = v.word(e.head, 0, -18, 0xffffff, 30, false, false);
  const sub = v.word(e.sub, 0, 20, 0xffffff, 16, false, false);
  v.fx.removeChild(head, sub);
  if (sub.width > w - 20) sub.scale.set((w - 20) / sub.width);
  panel.addChild(head, sub);
  v.add({ delay: 0, dur: reduced ? 0 : dur * 0.4, update: (t) => panel.scale.set(0.6 + 0.4 * easeOut(t)) });
}
