// The battle player: one battle's compact event list (common/pets/README.md) animated step
// by step — reveal, food, rocks, clash, shield, hurt, faint, summon, heal — at 1×, 2× or 4×,
// or skipped to the end. Both sides show the pet in play (power, damage markers, perk,
// shield) and the cards still to come.
import type { BattleEvent } from "../../../common/pets/index";
import { cardDef, isCardKey } from "../../../common/pets/index";
import { h } from "../../ui/dom";
import { emojiOf, nameOf } from "./cards";

export interface BattleShow {
  round: number;
  names: [string, string];
  lineups: [string[], string[]];
  events: BattleEvent[];
  /** Result line, e.g. "Ann wins 1 trophy". */
  outcome: string;
}

/** A battle as the room sends it (server/rooms/pets/PetsTable.ts, PetsBattleWire): room seats, winner −1 a draw, −2 a ghost. */
export interface BattleWire {
  round: number;
  seats: [number, number];
  ghost: boolean;
  lineups: [string[], string[]];
  events: BattleEvent[];
  winner: number;
  trophies: number;
}

/** What the player shows of a battle; `name(seat)` says "You" for `me`. */
export function battleShow(b: BattleWire, name: (seat: number) => string, me: number | null): BattleShow {
  const names: [string, string] = [name(b.seats[0]), b.ghost ? `${name(b.seats[1])}'s ghost` : name(b.seats[1])];
  const outcome =
    b.winner === -1 ? "A draw: no trophy." : b.winner === -2 ? "The ghost wins: no trophy." : `${name(b.winner)} ${b.winner === me ? "win" : "wins"} ${b.trophies} trophy${b.trophies > 1 ? "s" : ""}.`;
  return { round: b.round, names, lineups: b.lineups, events: b.events, outcome };
}

interface Side {
  queue: string[];
  pet: { key: string; power: number; dmg: number; perk: string | null; shield: boolean } | null;
  flash: string;
}

const STEP_MS = 650;

export class BattlePlayer {
  readonly el: HTMLElement;
  private stage = h("div", { class: "pets-arena", id: "pets-arena" });
  private line = h("p", { class: "pets-battle-line", id: "pets-battle-line", "aria-live": "polite" });
  private title = h("h3", { class: "pets-battle-title" });
  private speedButtons: HTMLButtonElement[];
  private speed = 1;
  private queue: BattleShow[] = [];
  private current: { show: BattleShow; step: number; sides: [Side, Side] } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private skipAll = false;

  constructor(private onIdle: () => void) {
    this.speedButtons = [1, 2, 4].map((n) => {
      const b = h("button", { type: "button", class: "small pets-speed", "data-speed": n, "aria-pressed": n === 1 ? "true" : "false" }, `${n}×`);
      b.addEventListener("click", () => this.setSpeed(n));
      return b;
    });
    const skip = h("button", { type: "button", class: "small", id: "pets-skip" }, "Skip");
    skip.addEventListener("click", () => this.skip());
    this.el = h("section", { class: "pets-battle", id: "pets-battle", hidden: true, "aria-label": "Battle" }, h("div", { class: "pets-battle-bar" }, this.title, h("span", { class: "pets-speeds" }, ...this.speedButtons, skip)), this.stage, this.line);
  }

  get playing(): boolean {
    return this.current !== null || this.queue.length > 0;
  }

  /** Queues battles; battles of earlier rounds still waiting are dropped (a viewer never lags a round behind). */
  play(shows: BattleShow[]): void {
    const round = Math.min(...shows.map((x) => x.round));
    this.queue = this.queue.filter((q) => q.round >= round);
    this.queue.push(...shows);
    if (!this.current) return this.next();
    if (this.current.show.round < round) {
      // The one on screen is of an older round: to its end at once, then the new ones.
      const c = this.current;
      while (c.step < c.show.events.length) this.apply(c.show.events[c.step++], c);
      this.current = null;
      this.next();
    }
  }

  setSpeed(n: number): void {
    this.speed = n;
    this.speedButtons.forEach((b) => b.setAttribute("aria-pressed", String(Number(b.dataset.speed) === n)));
  }

  /** Every queued battle to its end at once. */
  skip(): void {
    if (!this.current) return;
    this.skipAll = true;
    this.advance();
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  private next(): void {
    const show = this.queue.shift();
    if (!show) {
      this.current = null;
      this.skipAll = false;
      this.onIdle();
      return;
    }
    this.el.hidden = false;
    const side = (i: 0 | 1): Side => ({ queue: show.lineups[i].slice(), pet: null, flash: "" });
    this.current = { show, step: 0, sides: [side(0), side(1)] };
    this.title.textContent = `Round ${show.round}: ${show.names[0]} vs ${show.names[1]}`;
    this.line.textContent = "The decks are revealed…";
    this.draw();
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.advance(), this.skipAll ? 0 : STEP_MS / this.speed);
  }

  private advance(): void {
    const c = this.current;
    if (!c) return;
    if (this.skipAll) {
      while (c.step < c.show.events.length) this.apply(c.show.events[c.step++], c);
      this.finish(c);
      return;
    }
    if (c.step >= c.show.events.length) return this.finish(c);
    this.apply(c.show.events[c.step++], c);
    this.draw();
    this.schedule();
  }

  private finish(c: NonNullable<BattlePlayer["current"]>): void {
    this.line.textContent = c.show.outcome;
    this.draw();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.next(), this.skipAll ? 0 : (STEP_MS * 2) / this.speed);
  }

  private apply(e: BattleEvent, c: NonNullable<BattlePlayer["current"]>): void {
    const [a, b] = c.show.names;
    const who = (s: 0 | 1) => (s === 0 ? a : b);
    /** "your" / "Ann's" (Your at the start of a line). */
    const whose = (s: 0 | 1, start = false) => (who(s) === "You" ? (start ? "Your" : "your") : `${who(s)}'s`);
    /** "You play" / "Ann plays". */
    const does = (s: 0 | 1, verb: string) => `${who(s)} ${who(s) === "You" ? verb : `${verb}s`}`;
    for (const s of c.sides) s.flash = "";
    const say = (t: string): void => void (this.line.textContent = t);
    switch (e.e) {
      case "reveal": {
        const side = c.sides[e.s];
        const i = side.queue.indexOf(e.card);
        if (i >= 0) side.queue.splice(i, 1);
        side.pet = { key: e.card, power: e.power, dmg: 0, perk: e.perk, shield: e.shield };
        side.flash = "reveal";
        return say(`${does(e.s, "play")} ${emojiOf(e.card)} ${nameOf(e.card)} (${e.power})${e.perk ? ` with ${nameOf(e.perk)}` : ""}.`);
      }
      case "food": {
        const side = c.sides[e.s];
        const i = side.queue.indexOf(e.card);
        if (i >= 0) side.queue.splice(i, 1);
        return say(`${does(e.s, "reveal")} ${emojiOf(e.card)} ${nameOf(e.card)}.`);
      }
      case "rock":
        if (c.sides[e.s].pet) c.sides[e.s].pet!.dmg += e.dmg;
        c.sides[e.s].flash = "rock";
        return say(`🪨 A rock hits ${whose(e.s)} pet: rolled ${e.roll}, ${e.dmg} damage.`);
      case "clash":
        for (const s of [0, 1] as const) if (c.sides[s].pet) c.sides[s].pet!.dmg += e.dmg[s];
        c.sides[0].flash = c.sides[1].flash = "clash";
        return say(`💥 Clash! ${e.dmg[0]} and ${e.dmg[1]} damage.`);
      case "shield":
        c.sides[e.s].flash = "shield";
        if (c.sides[e.s].pet) c.sides[e.s].pet!.shield = !c.sides[e.s].pet!.shield;
        return say(`🛡️ A shield on ${whose(e.s)} side.`);
      case "ko":
        if (c.sides[e.s].pet) c.sides[e.s].pet!.dmg = c.sides[e.s].pet!.power;
        return say(`🦂 Knocked out!`);
      case "hurt":
        c.sides[e.s].flash = "hurt";
        return say(`${whose(e.s, true)} pet is hurt.`);
      case "faint":
        c.sides[e.s].pet = null;
        c.sides[e.s].flash = "faint";
        return say(`💀 ${whose(e.s, true)} ${nameOf(e.card)} faints.`);
      case "summon":
        for (let i = 0; i < e.n; i++) c.sides[e.s].queue.unshift(e.card);
        c.sides[e.s].flash = "summon";
        return say(`✨ ${does(e.s, "summon")} ${e.n > 1 ? `${e.n} × ` : ""}${emojiOf(e.card)} ${nameOf(e.card)}.`);
      case "heal":
        if (c.sides[e.s].pet) c.sides[e.s].pet!.dmg = 0;
        c.sides[e.s].flash = "heal";
        return say(`💚 ${whose(e.s, true)} pet heals.`);
      case "grow":
        if (c.sides[e.s].pet) c.sides[e.s].pet!.power += e.n;
        return say(`⬆️ ${whose(e.s, true)} pet grows by ${e.n}.`);
      case "strip":
        if (c.sides[e.s].pet) c.sides[e.s].pet!.perk = null;
        return say(`🦨 ${whose(e.s, true)} pet loses its food.`);
      case "steal":
        return say(`🍎 ${e.n} apple${e.n > 1 ? "s" : ""} stolen from ${who(e.s)}.`);
      case "mill": {
        const i = c.sides[e.s].queue.indexOf(e.card);
        if (i >= 0) c.sides[e.s].queue.splice(i, 1);
        return say(`🌶️ ${does(e.s, "lose")} ${nameOf(e.card)} from the deck.`);
      }
      case "volley":
        return say(`🪨 ${does(e.s, "set")} aside a volley of ${e.rocks} rock${e.rocks > 1 ? "s" : ""}.`);
      case "aura":
        return say(`✨ An aura: +${e.n} for ${who(e.s)}.`);
      case "teamShield":
        return say(`🛡️ ${whose(e.s, true)} team is shielded.`);
      case "end":
        return say(e.winner === null ? (e.reason === "stalemate" ? "Stalemate: a draw." : "A draw.") : `${does(e.winner, "win")} the battle.`);
    }
  }

  private draw(): void {
    const c = this.current;
    if (!c) return;
    const lane = (i: 0 | 1) => {
      const s = c.sides[i];
      const p = s.pet;
      const marks = p ? "●".repeat(Math.min(p.dmg, 12)) : "";
      const pet = p
        ? h(
            "div",
            { class: `pets-fighter pets-flash-${s.flash}`, "data-card": p.key, title: isCardKey(p.key) ? cardDef(p.key).text : "" },
            h("span", { class: "pets-emoji" }, emojiOf(p.key)),
            h("span", { class: "pets-name" }, nameOf(p.key)),
            h("span", { class: "pets-power" }, `${Math.max(0, p.power - p.dmg)}/${p.power}`),
            h("span", { class: "pets-marks", "aria-label": `${p.dmg} damage` }, marks),
            p.perk ? h("span", { class: "pets-perk" }, emojiOf(p.perk)) : null,
            p.shield ? h("span", { class: "pets-shield" }, "🛡️") : null,
          )
        : h("div", { class: `pets-fighter pets-empty pets-flash-${s.flash}` }, "—");
      return h(
        "div",
        { class: `pets-lane pets-lane-${i}` },
        h("div", { class: "pets-lane-name" }, c.show.names[i]),
        pet,
        h("div", { class: "pets-queue", "aria-label": `${s.queue.length} cards to come` }, ...s.queue.slice(0, 10).map((k) => h("span", { title: nameOf(k) }, emojiOf(k))), s.queue.length > 10 ? `+${s.queue.length - 10}` : ""),
      );
    };
    this.stage.replaceChildren(lane(0), h("div", { class: "pets-vs", "aria-hidden": "true" }, "⚔️"), lane(1));
  }
}
