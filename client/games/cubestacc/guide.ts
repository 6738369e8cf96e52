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

export class FirstMoveGuide {
  readonly el = h("p", { class: "cs-guide", id: "cs-guide", role: "status", hidden: true });
  /** Only a newcomer's (one who has not seen the how-to yet) first solo game is guided. */
  private active: boolean;

  constructor(newcomer: boolean) {
    this.active = newcomer && !done();
  }

  /** The card to lift now (first solo turn with a legal play, how-to closed), else null. */
  pick(mode: string, myTurn: boolean, legalCards: number[], howtoOpen: boolean): number | null {
    if (!this.active || mode !== "solo" || !myTurn || howtoOpen || legalCards.length === 0) return null;
    this.el.textContent = "Your first move: the lifted card fits where the table glows. Tap a glowing spot (or drag the card onto it).";
    this.el.hidden = false;
    return legalCards[0];
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
