// The first pass's tip: the first time a player of this browser chooses cards to pass, a short
// line over the middle of the table says what to do ("Choose three cards to pass left, then
// press Pass"). It goes once three are chosen, the cards are passed or "Got it" is pressed, and
// never comes back on this browser (the hint under the table keeps saying what to do).
import { h } from "../../ui/dom";
import { onceSeen } from "../../ui/onceSeen";

const tip = onceSeen("hearts.passTip");

export class PassTip {
  readonly el: HTMLElement;
  private readonly text: HTMLElement;
  private done = tip.seen();
  private shown = false;

  constructor() {
    this.text = h("p", { class: "hearts-tip-text", id: "hearts-tip-text" });
    const ok = h("button", { type: "button", class: "small", id: "hearts-tip-ok" }, "Got it");
    ok.addEventListener("click", () => this.finish());
    this.el = h("div", { class: "hearts-tip", id: "hearts-tip", role: "note", "aria-labelledby": "hearts-tip-text", hidden: true }, this.text, ok);
  }

  /** While this player chooses cards to pass (`to`: left, right, across) with `chosen` so far: shown the first time, gone for good after. */
  update(choosing: boolean, to: string, chosen: number): void {
    if (this.done) return;
    if (this.shown && (!choosing || chosen >= 3)) return this.finish();
    if (!choosing) return;
    this.shown = true;
    const words = `Choose three cards to pass ${to}, then press Pass.`;
    if (this.text.textContent !== words) this.text.textContent = words;
    this.el.hidden = false;
  }

  /** The tip's words while it shows; "" otherwise. */
  get words(): string {
    return this.el.hidden ? "" : (this.text.textContent ?? "");
  }

  private finish(): void {
    this.done = true;
    this.el.hidden = true;
    tip.remember();
  }
}
