// The shell's seat list, shared by every game: who sits where, who is a bot, who is away
// (the connection state of each seat), whose turn it is, and a game's own extras (cards in
// hand, cells revealed, badges). Items are kept and updated in place, so a focused
// "remove bot" button keeps its focus. Classes are `PREFIX-seat…` so a game may style it
// (gs for the generic shell, cs for Cubestacc, ms for Minesweeper).
import { h } from "../../ui/dom";
import { askForPeople } from "../../ui/people";

/** A seat's connection state, as the seat list shows it. */
export type SeatState = "free" | "online" | "away" | "bot";

export interface SeatLine {
  seat: number;
  /** The name as shown ("Ann (you)"). */
  name: string;
  /** A shorter name phones may show instead (CSS reads data-short). */
  short?: string;
  state: SeatState;
  /** The state in words ("online", "reconnecting…", "open seat"). */
  stateText: string;
  /** The seat's colour (CSS), for the mark and `--seat`. */
  colour?: string;
  /** Text in the mark (a disc, a suit); default none. */
  mark?: string;
  /** A number beside the name (cards in hand, cells revealed), with its words for screen readers. */
  count?: string;
  countLabel?: string;
  /** Short notes ("UH OH", "ready", "2nd"). */
  badges?: string;
  me?: boolean;
  bot?: boolean;
  turn?: boolean;
  /** Seated but not in the running game. */
  out?: boolean;
  /** Something to act on now (Cubestacc: catchable). */
  alert?: boolean;
  /** The owner may remove this bot now. */
  removable?: boolean;
}

/** Another person (not me, not a bot, seated): their name opens Mute, Block and Report. */
const isOtherPerson = (l: SeatLine) => !l.me && !l.bot && (l.state === "online" || l.state === "away");

export interface SeatListOptions {
  /** Class prefix: `PREFIX-seat`, `PREFIX-seat-name`… */
  prefix: string;
  id?: string;
  label?: string;
  /** Which optional parts each item has (a game's CSS grid places them). */
  parts?: { count?: boolean; badges?: boolean; remove?: boolean };
  /** The ✕ of a removable bot. */
  onRemove?(seat: number): void;
  /**
   * A "more" button (`more`, for the game to place) that opens the compact phone strip into
   * the full list: `PREFIX-seat-list-open` on the list while open. Desktop CSS hides it.
   */
  expandable?: boolean;
}

interface Item {
  li: HTMLLIElement;
  mark: HTMLElement;
  name: HTMLElement;
  count: HTMLElement | null;
  state: HTMLElement;
  badges: HTMLElement | null;
  remove: HTMLButtonElement | null;
}

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/** Past this many seats a phone's strip is laid out in rows of four, so every chip keeps its name. */
const MANY_SEATS = 4;

export class SeatList {
  readonly el: HTMLOListElement;
  /** The phone strip's details toggle (with `expandable`), placed by the game beside the list. */
  readonly more: HTMLButtonElement | null = null;
  private items: Item[] = [];

  constructor(private readonly o: SeatListOptions) {
    this.el = h("ol", { class: `${o.prefix}-seat-list`, ...(o.id ? { id: o.id } : {}), ...(o.label ? { "aria-label": o.label } : {}) });
    if (o.expandable) {
      const more = h("button", { type: "button", class: `${o.prefix}-seat-more small`, "aria-expanded": "false", ...(o.id ? { id: `${o.id}-more`, "aria-controls": o.id } : {}) });
      const show = (open: boolean) => {
        this.el.classList.toggle(`${o.prefix}-seat-list-open`, open);
        more.setAttribute("aria-expanded", String(open));
        more.textContent = open ? "Less ▴" : "Details ▾";
        more.setAttribute("aria-label", open ? "Show the seats in one line" : "Show every seat's details");
      };
      more.addEventListener("click", () => show(more.getAttribute("aria-expanded") !== "true"));
      show(false);
      this.more = more;
    }
  }

  /** The item of `seat` (animations start from it). */
  item(seat: number): HTMLElement | undefined {
    return this.items[seat]?.li;
  }

  render(lines: readonly SeatLine[]): void {
    const p = this.o.prefix;
    const parts = this.o.parts ?? {};
    while (this.items.length < lines.length) {
      const seat = this.items.length;
      const it: Item = {
        li: h("li", { class: `${p}-seat` }),
        mark: h("span", { class: `${p}-seat-mark`, "aria-hidden": "true" }),
        name: h("span", { class: `${p}-seat-name` }),
        count: parts.count ? h("span", { class: `${p}-seat-count` }) : null,
        state: h("span", { class: `${p}-seat-state` }),
        badges: parts.badges ? h("span", { class: `${p}-seat-badges` }) : null,
        remove: parts.remove ? h("button", { type: "button", class: `${p}-seat-remove small`, hidden: true, title: "Remove this bot" }, "✕") : null,
      };
      it.remove?.addEventListener("click", () => this.o.onRemove?.(seat));
      // Another person's name is a way to the people panel (Mute, Block, Report).
      const ask = () => {
        if (it.name.getAttribute("role") === "button") askForPeople(Number(it.li.dataset.seat));
      };
      it.name.addEventListener("click", ask);
      it.name.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          ask();
        }
      });
      it.li.append(...[it.mark, it.name, it.count, it.state, it.badges, it.remove].filter((x): x is HTMLElement => x !== null));
      this.items.push(it);
      this.el.append(it.li);
    }
    while (this.items.length > lines.length) this.items.pop()!.li.remove();
    // more seats than a phone's line holds whole: the strip becomes rows (shell.css)
    this.el.toggleAttribute("data-many", lines.length > MANY_SEATS);
    lines.forEach((l, i) => {
      const it = this.items[i];
      const li = it.li;
      li.dataset.seat = String(l.seat);
      li.dataset.state = l.state;
      li.dataset.bot = l.bot ? "1" : "0";
      li.dataset.away = l.state === "away" ? "1" : "0";
      if (l.colour) li.style.setProperty("--seat", l.colour);
      // a text mark (a disc) takes the colour as its ink, an empty one as its fill
      it.mark.style.color = l.mark ? (l.colour ?? "") : "";
      it.mark.style.background = l.mark ? "" : (l.colour ?? "");
      setText(it.mark, l.mark ?? "");
      setText(it.name, l.name);
      it.name.dataset.short = l.short ?? l.name;
      const person = isOtherPerson(l);
      if (person !== (it.name.getAttribute("role") === "button")) {
        if (person) {
          it.name.setAttribute("role", "button");
          it.name.tabIndex = 0;
        } else {
          it.name.removeAttribute("role");
          it.name.removeAttribute("tabindex");
        }
      }
      if (person) it.name.title = `Mute, block or report ${l.short ?? l.name}`;
      else it.name.removeAttribute("title");
      if (it.count) {
        setText(it.count, l.count ?? "");
        it.count.setAttribute("aria-label", l.countLabel ?? "");
      }
      setText(it.state, l.stateText);
      it.state.dataset.state = l.state;
      if (it.badges) setText(it.badges, l.badges ?? "");
      li.classList.toggle(`${p}-seat-turn`, !!l.turn);
      li.classList.toggle(`${p}-seat-me`, !!l.me);
      li.classList.toggle(`${p}-seat-open`, l.state === "free");
      li.classList.toggle(`${p}-seat-out`, !!l.out);
      li.classList.toggle(`${p}-seat-alert`, !!l.alert);
      if (it.remove) {
        it.remove.hidden = !l.removable;
        it.remove.setAttribute("aria-label", `Remove ${l.name}`);
      }
    });
  }
}

/** The usual state of a seat from the seated base's fields (server/rooms/base/HubState.ts). */
export function seatStateOf(s: { occupied?: boolean; connected?: boolean; bot?: boolean } | undefined): SeatState {
  if (!s?.occupied) return "free";
  if (s.bot && s.connected) return "bot";
  return s.connected ? "online" : "away";
}
