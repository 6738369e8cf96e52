// The table's tool row (DOM): keep / mulligan, draw, untap all, scry 3, search, shuffle, a
// token, dice and coins with the last result in sight, arrows, pass turn, end the game, and
// Undo naming what it will undo (or why it cannot), Redo when playing alone. On a phone the
// row folds into one line: the common tools as buttons, the rest in a "More" menu.
import type { Action } from "../../../common/table/catalogue";
import type { TableGameView } from "../../../common/table/game";
import type { LogLine } from "../../../common/table/logline";
import { h } from "../../ui/dom";

export interface ToolsHost {
  act(a: Action): void;
  view(): TableGameView | null;
  me(): number;
  solo(): boolean;
  nameOf(g: number): string;
  keep(): void;
  end(): void;
  /** Opens a menu of `items` under `opener` (the phone's "More"). */
  menu(items: { do: string; label: string; run(): void }[], opener: HTMLElement): void;
  /** Extra items of the phone's "More" menu (the log, the lobby). */
  more(): { do: string; label: string; run(): void }[];
  /** The table-wide actions of the "More actions" menu (actions.ts). */
  actions(): { do: string; label: string; run(): void }[];
}

/**
 * The line an Undo would take back, or null with the reason. Lines still standing are the
 * lines minus what undo lines took back; online only your own last action undoes, and only
 * if nobody acted since (chat does not count); solo any last action.
 */
function undoable(t: ToolsHost): { line: LogLine } | { line: null; why: string } {
  const standing: LogLine[] = [];
  for (const l of t.view()?.lines ?? []) {
    if (l.do === "chat") continue;
    if (l.do === "undo") {
      while (standing.length && standing[standing.length - 1].seq >= (l.undone ?? Infinity)) standing.pop();
    } else if (l.do === "restart") standing.length = 0;
    else standing.push(l);
  }
  const last = standing[standing.length - 1];
  if (!last) return { line: null, why: "Nothing to undo yet." };
  if (!t.solo() && last.actor !== t.me()) return { line: null, why: `${t.nameOf(last.actor)} acted last: you can undo only your own last action, before anyone acts.` };
  return { line: last };
}

/** "Player 1 drew 1 card." → "drew 1 card" (the button is yours). */
const undoText = (text: string, name: string) => (text.startsWith(`${name} `) ? text.slice(name.length + 1) : text.startsWith(`${name}: `) ? text.slice(name.length + 2) : text).replace(/\.$/, "");

export class Tools {
  private sides = 6;
  private readonly dice: HTMLSelectElement;

  constructor(
    readonly el: HTMLElement,
    private readonly t: ToolsHost,
  ) {
    this.dice = h("select", { id: "tt-dice-sides", "aria-label": "Dice" }, ...[4, 6, 8, 10, 12, 20, 100].map((n) => h("option", { value: n, selected: n === this.sides }, `d${n}`))) as HTMLSelectElement;
    this.dice.addEventListener("change", () => {
      this.sides = Number(this.dice.value);
      this.draw();
    });
  }

  private button(id: string, label: string, run: () => void): HTMLButtonElement {
    const b = h("button", { type: "button", class: "small", id: `tt-${id}` }, label);
    b.addEventListener("click", run);
    return b;
  }

  draw(compact = false): void {
    const { act } = this.t;
    const tv = this.t.view()?.table;
    const g = this.t.me();
    if (!tv || g < 0) return this.el.replaceChildren(...(compact && tv ? [this.moreButton(this.t.more())] : []));
    // A finished game takes no more actions: only the log and the way out stay offered.
    if (tv.ended) return this.el.replaceChildren(this.moreButton(this.t.more()));
    if (compact) return this.drawCompact();
    const undo = undoable(this.t);
    const sides = this.sides;
    const deciding = tv.phase === "mulligan" && !tv.players[g].kept;
    const items: (HTMLElement | null)[] = [
      deciding ? this.button("keep", "Keep", () => this.t.keep()) : null,
      deciding ? this.button("mulligan", "Mulligan", () => act({ do: "mulligan" })) : null,
      this.button("draw", "Draw", () => act({ do: "draw", n: 1 })),
      this.button("untap", "Untap all", () => act({ do: "untapAll" })),
      this.button("scry", "Scry 3", () => act({ do: "lookTop", n: 3 })),
      this.button("search", "Search", () => act({ do: "search" })),
      this.button("shuffle", "Shuffle", () => act({ do: "shuffle" })),
      this.button("token", "Token", () => act({ do: "createToken", name: "Token", power: "1", toughness: "1" })),
      this.dice,
      this.button("dice", `Roll d${sides}`, () => act({ do: "rollDice", sides })),
      this.button("coin", "Flip coin", () => act({ do: "flipCoins" })),
      tv.arrows.some((a) => a.by === g) ? this.button("arrows", "Clear my arrows", () => act({ do: "clearArrows" })) : null,
      tv.turn.active === g ? this.button("pass", "Pass turn", () => act({ do: "passTurn" })) : null,
      this.actionsButton(),
      this.button("end", "End game…", () => this.t.end()),
      this.button("undo", undo.line ? `Undo: ${undoText(undo.line.text, tv.players[undo.line.actor]?.name ?? "")}` : "Undo", () => act({ do: "undo" })),
      this.t.solo() ? this.button("redo", "Redo", () => act({ do: "redo" })) : null,
    ];
    // The last dice or coin result stays in sight beside the buttons.
    const roll = [...(this.t.view()?.lines ?? [])].reverse().find((l) => l.result && (l.do === "rollDice" || l.do === "flipCoins" || l.do === "thumbCoins" || l.do === "rollPlanarDie"));
    this.el.replaceChildren(...items.filter((x) => x !== null), this.phantom() ?? "", roll ? h("span", { class: "tt-roll", id: "tt-roll", role: "status" }, roll.text) : "");
    this.undoTitle(undo);
  }

  /** Goldfish: the phantom opponent's life (and poison) in sight. */
  private phantom(): HTMLElement | null {
    const p = this.t.view()?.table?.phantom;
    return p ? h("span", { class: "tt-roll", id: "tt-phantom", role: "status" }, `Phantom opponent: ${p.life} life${p.poison ? `, ${p.poison} poison` : ""}`) : null;
  }

  private actionsButton(): HTMLButtonElement {
    const b = h("button", { type: "button", class: "small", id: "tt-actions", "aria-haspopup": "menu" }, "More actions ▾");
    b.addEventListener("click", (e) => {
      e.stopPropagation();
      this.t.menu(this.t.actions(), b);
    });
    return b;
  }

  private undoTitle(undo: ReturnType<typeof undoable>): void {
    const u = this.el.querySelector("#tt-undo") as HTMLButtonElement;
    u.disabled = !undo.line;
    u.title = undo.line ? `Undo: ${undo.line.text}` : undo.why;
    u.setAttribute("aria-label", u.title);
  }

  private moreButton(items: { do: string; label: string; run(): void }[]): HTMLButtonElement {
    const more = h("button", { type: "button", class: "small", id: "tt-more", "aria-haspopup": "menu" }, "More ▾");
    more.addEventListener("click", (e) => {
      e.stopPropagation();
      this.t.menu(items, more);
    });
    return more;
  }

  /** One row: what a turn needs most as buttons, everything else in More. */
  private drawCompact(): void {
    const { act } = this.t;
    const tv = this.t.view()!.table!;
    const g = this.t.me();
    const undo = undoable(this.t);
    const deciding = tv.phase === "mulligan" && !tv.players[g].kept;
    const active = tv.turn.active === g;
    const item = (id: string, label: string, run: () => void) => ({ do: id, label, run });
    const more = [
      item("scry", "Scry 3", () => act({ do: "lookTop", n: 3 })),
      item("search", "Search your library", () => act({ do: "search" })),
      item("shuffle", "Shuffle", () => act({ do: "shuffle" })),
      item("untap", "Untap all", () => act({ do: "untapAll" })),
      item("token", "Create a 1/1 token", () => act({ do: "createToken", name: "Token", power: "1", toughness: "1" })),
      ...[6, 20].map((n) => item("dice", `Roll a d${n}`, () => act({ do: "rollDice", sides: n }))),
      item("coin", "Flip a coin", () => act({ do: "flipCoins" })),
      ...(tv.arrows.some((a) => a.by === g) ? [item("arrows", "Clear my arrows", () => act({ do: "clearArrows" }))] : []),
      ...(this.t.solo() ? [item("redo", "Redo", () => act({ do: "redo" }))] : []),
      ...this.t.actions(),
      item("end", "End game…", () => this.t.end()),
      ...this.t.more(),
    ];
    const items: (HTMLElement | null)[] = [
      deciding ? this.button("keep", "Keep", () => this.t.keep()) : null,
      deciding ? this.button("mulligan", "Mulligan", () => act({ do: "mulligan" })) : null,
      deciding ? null : this.button("draw", "Draw", () => act({ do: "draw", n: 1 })),
      active && !deciding ? this.button("pass", "Pass turn", () => act({ do: "passTurn" })) : null,
      this.button("undo", "Undo", () => act({ do: "undo" })),
      this.moreButton(more),
    ];
    const roll = [...(this.t.view()?.lines ?? [])].reverse().find((l) => l.result && (l.do === "rollDice" || l.do === "flipCoins" || l.do === "thumbCoins" || l.do === "rollPlanarDie"));
    // One row on a phone: the phantom's life is in the More menu's items (actions.ts).
    this.el.replaceChildren(...items.filter((x) => x !== null), roll ? h("span", { class: "tt-roll", id: "tt-roll", role: "status" }, roll.text) : "");
    this.undoTitle(undo);
  }
}
