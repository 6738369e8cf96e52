// The shell's end screen, shared by every game: the result in a title and a line, the
// game's own table of results (a ranking), one rematch button, "Play again" (a ready toggle:
// it says who the room still waits for; the owner who pressed it and waits for others also
// gets "Start now"), and a way to look at the table. After "look at the table" a small bar
// keeps "Results" and "Play again" within reach. A game whose table must stay in view (the
// winning line) docks the card beside it instead (`docked`): no way to look is needed then.
import { h } from "../../ui/dom";
import { askForPeople } from "../../ui/people";
import "./end.css";

export interface EndIds {
  end: string;
  title: string;
  again: string;
  look: string;
  start?: string;
  after?: string;
  results?: string;
  afterAgain?: string;
  /** The "Watch the replay" link. */
  replay?: string;
}

export interface EndOptions {
  /** Class prefix: PREFIX-end, PREFIX-after… */
  prefix: string;
  ids: EndIds;
  /** The label of the look-at-the-table button. */
  lookLabel?: string;
  /** Extra classes of the dialog (a game's panel style). */
  className?: string;
  /** Classes of the card inside the dialog (the generic shell: "notice"). */
  cardClass?: string;
  /** Classes of the buttons' row. */
  actionsClass?: string;
  ready(ready: boolean): void;
  start?(): void;
  /** The card sits beside the table, not over it: no "look at the table". */
  docked?: boolean;
}

/** What the end screen shows now. */
export interface EndView {
  /** Which game ended (a new game shows the end screen again). */
  gameNo: number;
  title: string;
  note?: string;
  /** The viewer has a seat (spectators get no Play again: `watchMore` instead). */
  seated: boolean;
  /**
   * Play again is offered: false in a tournament's game (the tournament pairs the next one;
   * client/tournament/backLink.ts `playAgainOffered`). Required, so no end screen forgets it.
   */
  again: boolean;
  /** Where a spectator finds other tables of the game and a game of their own (its lobby page); absent: no link. */
  watchMore?: string;
  connected: boolean;
  /** The viewer already asked for another game. */
  ready: boolean;
  /** People the room still waits for. */
  waitingFor: number;
  /** The owner may start now without waiting (offered once they asked for another game and others hold it up). */
  canStart: boolean;
  /** The game's record (GameRoomState.replayId): > 0 its replay is linked, 0 still being saved, −1 none. */
  replayId?: number;
  /** Other people (not bots) at the table: the card offers Mute, block or report. */
  others?: number;
}

export class EndScreen {
  readonly el: HTMLElement;
  /** Shown after "look at the table": Results and Play again. */
  readonly afterBar: HTMLElement;
  /** Where the game puts its own results (a ranking). */
  readonly body: HTMLElement;
  private titleEl: HTMLElement;
  private replayBox: HTMLElement;
  private replayLinkId: string;
  private noteEl: HTMLElement;
  private again: HTMLButtonElement;
  private afterAgain: HTMLButtonElement;
  private start: HTMLButtonElement | null;
  private people: HTMLButtonElement;
  /** A spectator's way on: the words and a link to the game's page. */
  private watching: HTMLElement;
  private watchLink: HTMLAnchorElement;
  private dismissed = -1;
  private shownFor = -1;
  private last: EndView | null = null;

  constructor(o: EndOptions) {
    const p = o.prefix;
    this.titleEl = h("h2", { id: o.ids.title });
    this.noteEl = h("p", { class: `${p}-end-note` });
    this.body = h("div", { class: `${p}-end-body` });
    this.replayBox = h("div", { class: `${p}-end-replay end-replay` });
    this.replayLinkId = o.ids.replay ?? `${p}-replay`;
    this.again = h("button", { type: "button", class: "primary", id: o.ids.again, "aria-pressed": "false" }, "Play again");
    this.again.addEventListener("click", () => o.ready(this.again.getAttribute("aria-pressed") !== "true"));
    this.start = o.start && o.ids.start ? h("button", { type: "button", class: "secondary", id: o.ids.start }, "Start now") : null;
    this.start?.addEventListener("click", () => o.start?.());
    this.people = h("button", { type: "button", class: "secondary", id: `${p}-end-people`, hidden: true }, "Mute, block or report");
    this.people.addEventListener("click", () => askForPeople());
    this.watchLink = h("a", { class: "button-link end-watch", id: `${p}-end-watch`, href: "#/" }, "Watch another table");
    this.watching = h("p", { class: `${p}-end-watching end-watching`, hidden: true }, "You watched this game. Watch another table, or play a game of your own, from the lobby.");
    const look = h("button", { type: "button", class: "secondary", id: o.ids.look, hidden: o.docked === true }, o.lookLabel ?? "See the table");
    look.addEventListener("click", () => {
      this.dismissed = this.last?.gameNo ?? -1;
      this.draw();
    });
    this.el = h(
      "div",
      { class: `${p}-end ${o.docked ? `${p}-end-docked` : ""} ${o.className ?? ""}`.trim(), id: o.ids.end, hidden: true, role: o.docked ? "region" : "dialog", "aria-labelledby": o.ids.title },
      h(
        "div",
        { class: `${p}-end-card ${o.cardClass ?? ""}`.trim() },
        this.titleEl,
        this.noteEl,
        this.body,
        this.replayBox,
        this.watching,
        h("div", { class: `${p}-end-actions ${o.actionsClass ?? "notice-actions"}`.trim() }, this.again, this.watchLink, this.start, look, this.people),
      ),
    );
    const results = h("button", { type: "button", class: "secondary", ...(o.ids.results ? { id: o.ids.results } : {}) }, "Results");
    results.addEventListener("click", () => {
      this.dismissed = -1;
      this.draw();
      this.again.focus();
    });
    this.afterAgain = h("button", { type: "button", class: "primary", ...(o.ids.afterAgain ? { id: o.ids.afterAgain } : {}), "aria-pressed": "false" }, "Play again");
    this.afterAgain.addEventListener("click", () => this.again.click());
    this.afterBar = h("div", { class: `${p}-after`, ...(o.ids.after ? { id: o.ids.after } : {}), hidden: true, role: "toolbar", "aria-label": "Game over" }, results, this.afterAgain);
  }

  /** Shows the end of game `v.gameNo` (null: a game is running or none has ended). Returns true the first time a game's end is shown. */
  update(v: EndView | null): boolean {
    this.last = v;
    const first = v !== null && this.shownFor !== v.gameNo;
    if (v) this.shownFor = v.gameNo;
    this.draw();
    return first;
  }

  /** A new game began: its end will show again. */
  reset(): void {
    this.dismissed = -1;
  }

  get shown(): boolean {
    return !this.el.hidden;
  }

  get afterShown(): boolean {
    return !this.afterBar.hidden;
  }

  private draw(): void {
    const v = this.last;
    this.el.hidden = !v || this.dismissed === v.gameNo;
    this.afterBar.hidden = !v || this.dismissed !== v.gameNo;
    if (!v) return;
    if (this.titleEl.textContent !== v.title) this.titleEl.textContent = v.title;
    const note = v.note ?? "";
    if (this.noteEl.textContent !== note) this.noteEl.textContent = note;
    this.noteEl.hidden = !note;
    const label = v.ready ? (v.waitingFor > 0 ? `Ready ✓ — waiting for ${v.waitingFor}` : "Ready ✓") : "Play again";
    for (const b of [this.again, this.afterAgain]) {
      b.hidden = !v.seated || v.again === false;
      b.disabled = !v.connected;
      b.setAttribute("aria-pressed", String(v.ready));
      if (b.textContent !== label) b.textContent = label;
    }
    this.drawReplayLink(v.replayId ?? -1);
    // a spectator has no seat to play again in: other tables, or a game of their own
    this.watching.hidden = v.seated;
    this.watchLink.hidden = v.seated || !v.watchMore;
    if (v.watchMore && this.watchLink.getAttribute("href") !== v.watchMore) this.watchLink.setAttribute("href", v.watchMore);
    this.people.hidden = !(v.others && v.others > 0);
    if (this.start) {
      // one rematch button first: "Start now" only once the owner asked and others hold it up
      this.start.hidden = !(v.canStart && v.ready && v.waitingFor > 0);
      this.start.disabled = !v.connected;
    }
  }

  /** "Watch the replay" once the game is saved (every game has a replay viewer); a queued save says so meanwhile. */
  private drawReplayLink(id: number): void {
    const box = this.replayBox;
    if (box.dataset.replay === String(id)) return;
    box.dataset.replay = String(id);
    box.replaceChildren(
      id > 0
        ? h("a", { class: "button-link", id: this.replayLinkId, href: `#/replay/${id}` }, "Watch the replay")
        : id === 0
          ? h("p", { class: "end-replay-note" }, "Replay not saved yet: the server keeps trying; the link appears here once it is.")
          : "",
    );
  }
}
