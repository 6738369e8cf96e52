// Cubestacc from the keyboard alone. The table is a Pixi canvas, so playing goes through the
// hand strip's buttons and these keys (on anything inside the game, not in a form field):
//
//   Tab / ← →, Home End   move between the cards of your hand
//   Enter or Space        pick the focused card: its first legal place is aimed at (the ghost
//                         shows it on the table); ↑ ↓ (or ← →) go through the others;
//                         Enter or Space again places it; Escape puts it back
//   D  draw / take / pass      N  done      U  UH OH      C  Caught!      ?  how to play
//
// Every step is said through the page's live region (client/ui/announce.ts): the pick and
// its number of places, each place as it is aimed at, whose turn it is, the reason a key's
// button is disabled. The places are the server's legal list the scene already holds;
// nothing here decides a rule.
import { announce } from "../../ui/announce";
import { cardLabel } from "./art";
import type { Target } from "./board";
import { seatName } from "./hud";
import type { TableModel } from "./model";

type ButtonName = "draw" | "pass" | "done" | "uhoh" | "caught";

export interface KeyboardHost {
  model(): TableModel;
  me(): number | null;
  selected(): number | null;
  /** The legal places of a card (from the seat's legal list). */
  targets(card: number): Target[];
  hot(): Target | null;
  /** Picks a card or drops the pick (the scene's own toggle; it says why a card cannot be picked). */
  pick(card: number): void;
  /** Aims at a place: the ghost and the glow show it. */
  aim(target: Target): void;
  play(target: Target): void;
  cancel(): void;
  buttons: Record<ButtonName, HTMLButtonElement>;
  help(): void;
}

/** "TOP of the Queen of Spades" (a wild's place: "over the Queen of Spades"). */
export function placeWords(m: TableModel, t: Target): string {
  const onto = m.cubes[t.onto];
  const name = onto ? cardLabel(onto.card, m.pack, onto.wild ? onto.suit : null) : "a cube";
  return t.mode === "wild" ? `wild, over the ${name}` : `${t.mode.toUpperCase()} of the ${name}`;
}

const isField = (el: EventTarget | null) => el instanceof HTMLElement && (el.matches("input, select, textarea, [contenteditable]") || el.closest("[role=dialog]") !== null);

export class CubestaccKeyboard {
  private lastTurn = "";
  /** The player used these keys: keep focus in the game for them. */
  private keyed = false;
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly root: HTMLElement,
    private readonly host: KeyboardHost,
  ) {
    // On the document: a played card's button leaves the page and focus falls back to <body>;
    // the keys must keep working from there.
    const down = (e: KeyboardEvent) => {
      if (e.target === document.body || (e.target instanceof Node && root.contains(e.target))) this.onKey(e);
    };
    // Space presses a button on key up: the pick already happened on key down
    const up = (e: KeyboardEvent) => {
      if (e.key === " " && cardOf(e.target) !== null) e.preventDefault();
    };
    document.addEventListener("keydown", down);
    document.addEventListener("keyup", up);
    this.offs.push(() => document.removeEventListener("keydown", down), () => document.removeEventListener("keyup", up));
    const keys: Record<ButtonName, string> = { draw: "D", pass: "D", done: "N", uhoh: "U", caught: "C" };
    for (const [name, key] of Object.entries(keys)) host.buttons[name as ButtonName].setAttribute("aria-keyshortcuts", key);
  }

  /** Focus went nowhere (the played card left, a panel closed): back to the hand, for keyboard players. */
  private refocus(m: TableModel): void {
    if (!this.keyed) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const legal = new Set((m.mine?.legal ?? []).map((l) => l.card));
    const cards = [...this.root.querySelectorAll<HTMLElement>(".cs-card[data-card]")].filter((el) => !el.classList.contains("cs-sent"));
    const target = cards.find((el) => legal.has(Number(el.dataset.card))) ?? cards[0] ?? Object.values(this.host.buttons).find((b) => !b.hidden && !b.disabled);
    target?.focus();
  }

  /** After every state sync: says whose turn it is when that changes. */
  observe(m: TableModel): void {
    this.refocus(m);
    const key = m.phase === "playing" ? `${m.gameNo}:${m.turnNo}:${m.turn}` : "";
    if (key === this.lastTurn) return;
    this.lastTurn = key;
    if (!key) return;
    const me = this.host.me();
    if (m.turn === me && m.mine) {
      const cards = new Set(m.mine.legal.map((l) => l.card)).size;
      const draw = m.mine.drawAction ? ` D to ${m.mine.drawAction}.` : "";
      announce(`Your turn: ${cards === 0 ? "no card fits." : `${cards} playable card${cards === 1 ? "" : "s"}.`}${draw}`, "assertive");
    } else announce(`${seatName(m, m.turn)}'s turn.`);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey || isField(e.target)) return;
    if (e.key !== "Tab") this.keyed = true;
    const card = cardOf(e.target);
    if (card !== null && this.onCardKey(e, card)) {
      e.preventDefault();
      return;
    }
    const buttons: Record<string, ButtonName[]> = { d: ["draw", "pass"], n: ["done"], u: ["uhoh"], c: ["caught"] };
    const which = buttons[e.key.toLowerCase()];
    if (which) {
      e.preventDefault();
      this.press(which);
    } else if (e.key === "?") {
      e.preventDefault();
      this.host.help();
    }
  }

  /** Keys on a hand card; true when handled. */
  private onCardKey(e: KeyboardEvent, card: number): boolean {
    const h = this.host;
    const picked = h.selected();
    if (e.key === "Enter" || e.key === " ") {
      const hot = h.hot();
      if (picked === card && hot && hot.card === card) {
        announce(`Placing the ${this.label(card)}: ${placeWords(h.model(), hot)}.`);
        h.play(hot);
        return true;
      }
      h.pick(card);
      const targets = h.selected() === card ? h.targets(card) : [];
      if (targets.length > 0) {
        h.aim(targets[0]);
        announce(
          `Picked the ${this.label(card)}: ${targets.length} place${targets.length === 1 ? "" : "s"}. ` +
            `1 of ${targets.length}: ${placeWords(h.model(), targets[0])}. Up and down arrows choose, Enter places, Escape puts it back.`,
        );
      } else if (picked === card) announce("Put back.");
      return true;
    }
    if (e.key === "Escape" && picked !== null) {
      h.cancel();
      announce("Put back.");
      return true;
    }
    const step = e.key === "ArrowDown" || e.key === "ArrowRight" ? 1 : e.key === "ArrowUp" || e.key === "ArrowLeft" ? -1 : 0;
    if (step !== 0 && picked === card) {
      const targets = h.targets(card);
      if (targets.length === 0) return true;
      const hot = h.hot();
      const i = targets.findIndex((t) => hot !== null && t.onto === hot.onto && t.mode === hot.mode);
      const next = (i + step + targets.length) % targets.length;
      h.aim(targets[next]);
      announce(`${next + 1} of ${targets.length}: ${placeWords(h.model(), targets[next])}.`);
      return true;
    }
    if (step !== 0 || e.key === "Home" || e.key === "End") {
      const cards = [...this.root.querySelectorAll<HTMLElement>(".cs-card[data-card]")].filter((el) => !el.classList.contains("cs-sent"));
      const at = cards.findIndex((el) => el === e.target);
      const to = e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : Math.max(0, Math.min(cards.length - 1, at + step));
      cards[to]?.focus();
      if (e.key.startsWith("Arrow") && (e.key === "ArrowUp" || e.key === "ArrowDown")) return false; // let the page scroll
      return true;
    }
    return false;
  }

  /** D / N / U / C: the first of these buttons that is shown and enabled, else why not. */
  private press(names: ButtonName[]): void {
    const shown = names.map((n) => this.host.buttons[n]).filter((b) => !b.hidden);
    const ready = shown.find((b) => !b.disabled);
    if (ready) {
      ready.click();
      return;
    }
    const b = shown[0] ?? this.host.buttons[names[0]];
    const label = b.querySelector(".cs-btn-label")?.textContent ?? names[0];
    const why = b.querySelector(".cs-why")?.textContent?.trim();
    announce(`${label} is not possible now${why ? `: ${why}` : "."}`);
  }

  private label(card: number): string {
    return cardLabel(card, this.host.model().pack);
  }

  destroy(): void {
    for (const off of this.offs) off();
  }
}

function cardOf(el: EventTarget | null): number | null {
  if (!(el instanceof HTMLElement) || !el.matches(".cs-card[data-card]")) return null;
  const n = Number(el.dataset.card);
  return Number.isInteger(n) ? n : null;
}
