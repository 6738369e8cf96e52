// The guided first move of a player's first solo game: on their first turn with a legal
// play, the scene lifts a playable card (its legal spots glow) and this line says what to
// do. It never decides a rule: the card and spots come from the server's legal list.
import { h } from "../../ui/dom";

const DONE_KEY = "hub.cubestacc.guide";

function done(): boolean {
  try {
    return window.localStorage.getItem(DONE_KEY) === "done";
  } catch {
    return true; // no storage: never nag
  }
}

/** The cards to offer, a card with a plain placement first: a wild would open the suit picker. */
export function guideCards(legal: readonly { card: number; mode: string }[]): number[] {
  const plain = legal.filter((l) => l.mode !== "wild").map((l) => l.card);
  return [...new Set([...plain, ...legal.map((l) => l.card)])];
}

/** The guide's words, for a card lifted (its places glow) and for none (the player put it back). */
const LIFTED = "Your first move: the lifted card fits where the table glows. Tap a glowing spot (or drag the card onto it).";
const NONE_LIFTED = "Your first move: tap a card in your hand to pick it up; the places where it fits light up. Then tap one (or drag the card there).";

export class FirstMoveGuide {
  readonly el = h("p", { class: "cs-guide", id: "cs-guide", role: "status", hidden: true });
  /** Only a newcomer's (one who has not seen the how-to yet) first solo game is guided. */
  private active: boolean;
  /** The turn whose card the guide lifted: once a turn, so a card the player put back stays put. */
  private liftedOn: number | null = null;

  constructor(newcomer: boolean) {
    this.active = newcomer && !done();
  }

  /** The card to lift now (first solo turn with a legal play, how-to closed, not lifted yet this turn), else null. */
  pick(mode: string, myTurn: boolean, legalCards: number[], howtoOpen: boolean, turnNo: number): number | null {
    if (!this.active || mode !== "solo" || !myTurn || howtoOpen || legalCards.length === 0) return null;
    this.el.hidden = false;
    if (this.liftedOn === turnNo) return null;
    this.liftedOn = turnNo;
    this.follow(true);
    return legalCards[0];
  }

  /** What the player holds up now (a picked or dragged card, or none): the words say what is true. */
  follow(lifted: boolean): void {
    if (!this.active || this.el.hidden) return;
    const text = lifted ? LIFTED : NONE_LIFTED;
    if (this.el.textContent !== text) this.el.textContent = text;
  }

  /** The player made a play: the guide is done for good. */
  played(): void {
    if (!this.active) return;
    this.active = false;
    this.el.hidden = true;
    try {
      window.localStorage.setItem(DONE_KEY, "done");
    } catch {
      /* private mode */
    }
  }

  get shown(): boolean {
    return !this.el.hidden;
  }
}
