// "How to play Cubestacc": a short card shown before a player's first game (on the game's
// lobby page, while a table waits, or where no turn clock runs) and behind the "?" button. It
// teaches what the table never says by itself: where a cube may go, the effects, K +2 stacks,
// wilds and the wild pivot, dumps, UH OH and Caught!. Its close control sits at the top, in
// reach on a phone without scrolling. (Rules: shared/games/cubestacc.md.)
import { h } from "../../ui/dom";
import { onceSeen } from "../../ui/onceSeen";
import "./howto.css";

const howto = onceSeen("hub.cubestacc.howto");

export function howtoSeen(): boolean {
  return howto.seen();
}

const markSeen = () => howto.remember();

const section = (title: string, ...lines: (string | HTMLElement)[]) =>
  h("section", { class: "cs-howto-part" }, h("h3", {}, title), ...lines.map((l) => (typeof l === "string" ? h("p", {}, l) : l)));

const list = (...items: string[]) => h("ul", {}, ...items.map((t) => h("li", {}, t)));

export class HowTo {
  readonly el: HTMLElement;
  private close: HTMLButtonElement;
  private x: HTMLButtonElement;
  private pivotNote: HTMLElement;
  private clockNote: HTMLElement;
  private returnFocus: HTMLElement | null = null;

  /** `closeLabel`: the button at the card's foot ("Got it — let's play" at a table); `onClose` runs after each close. */
  constructor(closeLabel = "Got it — let's play", private readonly onClose?: () => void) {
    this.close = h("button", { type: "button", class: "primary", id: "cs-howto-close" }, closeLabel);
    this.close.addEventListener("click", () => this.hide());
    this.x = h("button", { type: "button", class: "cs-howto-x", id: "cs-howto-x", "aria-label": "Close how to play" }, "✕");
    this.x.addEventListener("click", () => this.hide());
    this.pivotNote = h("p", { class: "cs-howto-pivot" });
    this.clockNote = h("p", { class: "cs-howto-clock", hidden: true });
    this.el = h(
      "div",
      { class: "notice-layer cs-howto-layer", id: "cs-howto", hidden: true },
      h(
        "div",
        { class: "notice cs-howto", role: "dialog", "aria-modal": "true", "aria-labelledby": "cs-howto-h" },
        h("div", { class: "cs-howto-head" }, h("h2", { id: "cs-howto-h" }, "How to play Cubestacc"), this.x),
        this.clockNote,
        h("p", { class: "cs-howto-goal" }, "Be the first to empty your hand. Every card is a cube: put one on the stack each turn."),
        h(
          "div",
          { class: "cs-howto-body" },
          section(
            "Where a cube goes",
            "Tap a card, then tap a glowing face (or drag the card onto it).",
            list("TOP: same suit.", "SIDE: same rank.", "FACE: a face card on the same face card (J on J, Q on Q, K on K, A on A)."),
          ),
          section(
            "Card effects",
            list("J: the next player draws 1.", "Q: the next player is skipped.", "A: you play again.", "0: the direction of play reverses; its TOP stays closed (only a wild may go there)."),
          ),
          section(
            "K +2 stacks",
            "A K gives the next player +2. While a K stack is waiting, only another K can be played — it adds +2 more. Without a K you take the whole stack, then carry on.",
          ),
          section(
            "Wilds",
            "A wild goes on any open TOP, even a 0's. You pick its suit; the next cube on the wild must be that suit.",
            this.pivotNote,
          ),
          section(
            "Dumps",
            "After a normal play, if you hold more cards of the same rank that fit, keep playing them — each J, K or 0 works again. Press Done to stop. No dumps after a wild, Q or A.",
          ),
          section(
            "UH OH and Caught!",
            "Holding exactly 2 cards? Press UH OH before you play down to 1. Anyone who reaches 1 card without calling it can be Caught!: the first to press Caught! makes them draw 3.",
          ),
          section("Can't play?", "Draw 1 and your turn ends. When the deck is empty, Pass."),
        ),
        h("div", { class: "notice-actions" }, this.close),
      ),
    );
    this.el.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        this.hide();
      }
    });
  }

  get shown(): boolean {
    return !this.el.hidden;
  }

  /**
   * Opens the card; `pivot` says whether this room plays the wild pivot house rule (null: no
   * table yet, the lobby), `turnSeconds` its turn clock (0: none).
   */
  show(pivot: boolean | null, turnSeconds = 0): void {
    this.pivotNote.textContent =
      pivot === true
        ? "This table plays the wild pivot: after a wild, only the wild stays open until someone builds on it."
        : `Wild pivot (a house rule some tables turn on): after a wild, only the wild stays open until someone builds on it.${pivot === false ? " Not on at this table." : ""}`;
    this.clockNote.hidden = turnSeconds <= 0;
    this.clockNote.textContent = turnSeconds > 0 ? `This table has a ${turnSeconds} s turn clock: this card closes by itself when your turn comes, and ? opens it again.` : "";
    if (!this.el.hidden) return;
    this.returnFocus = document.activeElement as HTMLElement | null;
    this.el.hidden = false;
    queueMicrotask(() => {
      // focus the way out at the top, without scrolling: players read it from the top
      this.x.focus({ preventScroll: true });
      const card = this.el.firstElementChild as HTMLElement | null;
      if (card) card.scrollTop = 0;
    });
  }

  /** Closes the card; `read` false (your turn came, not your choice): it is offered again next time. */
  hide(read = true): void {
    if (this.el.hidden) return;
    this.el.hidden = true;
    if (read) markSeen();
    this.returnFocus?.focus?.();
    this.returnFocus = null;
    this.onClose?.();
  }
}
