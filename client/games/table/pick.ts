// Picking a target (attach, arrows): a bar says what to pick with a Cancel button; the next
// battlefield card tapped on the canvas, or player name clicked, is the answer.
import { h } from "../../ui/dom";

export type Target = { card?: number; player?: number };

export class TargetPick {
  readonly bar = h("div", { class: "tt-pick", id: "tt-pick", hidden: true, role: "status" });
  private then: ((t: Target) => void) | null = null;

  /** A pick is waiting for its answer. */
  get active(): boolean {
    return this.then !== null;
  }

  start(prompt: string, then: (t: Target) => void): void {
    this.then = then;
    const cancel = h("button", { type: "button", class: "small", id: "tt-pick-cancel" }, "Cancel");
    cancel.addEventListener("click", (e) => (e.stopPropagation(), this.end()));
    this.bar.replaceChildren(h("span", {}, `${prompt}. `), cancel);
    this.bar.hidden = false;
  }

  end(): void {
    this.then = null;
    this.bar.hidden = true;
  }

  answer(t: Target): void {
    const run = this.then;
    this.end();
    run?.(t);
  }

  /** While picking, a click on a player's name (`.tt-player` under `root`) is the answer. */
  listen(root: HTMLElement): void {
    root.addEventListener(
      "click",
      (e) => {
        if (!this.active) return;
        const player = (e.target as HTMLElement).closest<HTMLElement>(".tt-player");
        if (!player) return;
        e.preventDefault();
        e.stopPropagation();
        this.answer({ player: Number(player.dataset.seat) });
      },
      true,
    );
  }
}
