// Why you draw so many: when you take a K stack (or are caught without UH OH) the table
// explains it once, to you alone, in a notice above your hand — as the original's
// explain popup does — not only as a line in the event log. It names the Kings and who
// stacked them, says when the pile ran short, and what happens next. It closes itself
// after a while, on its button, on Escape, or at the next explanation.
import { h } from "../../ui/dom";

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const count = (n: number) => WORDS[n] ?? String(n);
const kings = (n: number) => `${count(n)} King${n === 1 ? "" : "s"}`;

/** "Ann", "Ann and Bob", "Ann, Bob and you"… */
function names(list: string[]): string {
  const unique = [...new Set(list)];
  return unique.length <= 1 ? unique.join("") : `${unique.slice(0, -1).join(", ")} and ${unique[unique.length - 1]}`;
}

/** The explanation of a taken K stack (pure, for the tests too). */
export function kStackText(wanted: number, got: number, stackers: string[]): { title: string; detail: string } {
  const n = Math.max(1, Math.round(wanted / 2));
  const drawn = got < wanted ? `${got} of ${wanted}` : String(wanted);
  const by = stackers.length === n ? ` by ${names(stackers)}` : "";
  const title = `You draw ${drawn}: ${kings(n)} ${n === 1 ? "was" : "were"} stacked on you${by}.`;
  const short = got < wanted ? ` The pile had only ${got} left.` : "";
  return { title, detail: `Each K adds 2, and without a K to add you take the whole stack.${short} Your turn goes on: play a card if one fits, else draw 1.` };
}

/** The explanation of being caught. */
export function caughtText(wanted: number, got: number, by: string): { title: string; detail: string } {
  const drawn = got < wanted ? `${got} of ${wanted}` : String(wanted);
  return {
    title: `You draw ${drawn}: ${by} caught you on one card without UH OH.`,
    detail: "Press UH OH while you hold 2 cards, before you play down to 1.",
  };
}

export class PenaltyNotice {
  readonly el: HTMLElement;
  private title: HTMLElement;
  private detail: HTMLElement;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Seats' names that stacked a K on the pending stack, in order (cleared when it is taken). */
  private stackers: string[] = [];

  constructor(private readonly autoCloseMs = 12_000) {
    this.title = h("p", { class: "cs-penalty-title", id: "cs-penalty-title" });
    this.detail = h("p", { class: "cs-penalty-detail" });
    const close = h("button", { type: "button", class: "small", id: "cs-penalty-close" }, "Got it");
    close.addEventListener("click", () => this.hide());
    this.el = h("div", { class: "cs-penalty", id: "cs-penalty", role: "status", "aria-live": "assertive", hidden: true }, this.title, this.detail, close);
    this.el.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.hide();
    });
  }

  /** A K went on the stack (any seat's: the notice names who stacked). */
  stacked(name: string): void {
    this.stackers.push(name);
  }

  /** The stack was taken by someone: `mine` explains it to this player. */
  taken(mine: boolean, wanted: number, got: number): void {
    const stackers = this.stackers;
    this.stackers = [];
    if (mine) this.show(kStackText(wanted, got, stackers));
  }

  caught(wanted: number, got: number, by: string): void {
    this.show(caughtText(wanted, got, by));
  }

  /** A new game: nothing is stacked. */
  reset(): void {
    this.stackers = [];
    this.hide();
  }

  get shown(): boolean {
    return !this.el.hidden;
  }

  private show(text: { title: string; detail: string }): void {
    this.title.textContent = text.title;
    this.detail.textContent = text.detail;
    this.el.hidden = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), this.autoCloseMs);
  }

  hide(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.el.hidden = true;
  }
}
