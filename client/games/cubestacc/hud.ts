// Cubestacc HUD: plain DOM around the Pixi table. Status line (whose turn,
// timer, direction, deck, pending draws, dump), seat list, action buttons,
// view controls, waiting panel, end screen, wild suit picker. The seat list, the
// turn timer and the end screen are the shared shell's (client/games/shell/).
//
// Layout never jumps when the state changes: every element keeps its box
// (buttons are disabled, not removed; numbers have fixed widths; the timer
// keeps its space when there is none).
import { SUITS, type PackId, type Suit } from "../../../common/cubestacc/types";
import { h } from "../../ui/dom";
import { iconSvg, suitName } from "./art";
import { nextSeat, seatName, type SeatModel, type TableModel } from "./model";
import { catchTargets } from "../../../common/cubestacc/uhoh.js";
import { TurnClock } from "../shell/clock";
import { EndScreen } from "../shell/end";
import { SeatList, seatStateOf, type SeatLine } from "../shell/seats";

export { formatClock } from "../shell/clock";

export const SEAT_COLOURS = ["#e0483e", "#2f8fd8", "#32a852", "#e59a16", "#9b59d0"];

export interface HudActions {
  draw(): void;
  pass(): void;
  done(): void;
  uhoh(): void;
  caught(): void;
  rotate(delta: 1 | -1): void;
  zoom(factor: number): void;
  recentre(): void;
  start(): void;
  ready(ready: boolean): void;
  addBot(): void;
  removeBot(seat: number): void;
  /** Open "How to play". */
  help(): void;
}

export interface HudContext {
  /** The viewer's room seat, or null (spectator). */
  me: number | null;
  connected: boolean;
  /** Server time now (ms). */
  now(): number;
  /** The private room's code (null for public rooms and spectators). */
  inviteCode: string | null;
  /** A delayed spectator before the first frame: seconds until it shows (0: shown, or live). */
  firstFrameIn: number;
  /** The end screen offers Play again (not in a tournament's game: client/tournament/backLink.ts). */
  again: boolean;
}

export { seatName };

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

function setOn(el: HTMLElement, cls: string, on: boolean): void {
  if (el.classList.contains(cls) !== on) el.classList.toggle(cls, on);
}

const ORDINAL = ["", "1st", "2nd", "3rd", "4th", "5th"];

export class Hud {
  readonly status: HTMLElement;
  readonly seatsBox: HTMLElement;
  readonly actions: HTMLElement;
  readonly viewControls: HTMLElement;
  readonly waiting: HTMLElement;
  /** The "shown late" countdown was on screen at the last tick. */
  private lateShown = false;
  readonly endScreen: HTMLElement;
  readonly suitPicker: HTMLElement;
  /** After "See the table" at the end: a way back to the results and to the next game. */
  readonly afterBar: HTMLElement;
  readonly log: HTMLElement;
  readonly deckEl: HTMLElement;

  private turnEl: HTMLElement;
  private clock: TurnClock;
  private dirEl: HTMLElement;
  private deckCount: HTMLElement;
  private pendingEl: HTMLElement;
  private dumpEl: HTMLElement;
  private seatList: SeatList;
  private yawEl: HTMLElement;
  readonly buttons: Record<"draw" | "pass" | "done" | "uhoh" | "caught", HTMLButtonElement>;
  private waitText: HTMLElement;
  private waitCode: HTMLElement;
  private waitButtons: { start: HTMLButtonElement; ready: HTMLButtonElement; addBot: HTMLButtonElement };
  private end: EndScreen;
  private endList: HTMLOListElement;
  private pick: ((suit: Suit | null) => void) | null = null;
  private pickButtons: HTMLButtonElement[] = [];
  private pickPack: PackId | null = null;
  private pickOpenedAt = 0;

  constructor(act: HudActions) {
    // ---- status line
    this.turnEl = h("span", { class: "cs-turn", id: "cs-turn" }, "…");
    const timerEl = h("span", { class: "cs-timer", id: "cs-timer", "aria-label": "Turn timer" });
    this.clock = new TurnClock(timerEl, { prefix: "cs" });
    this.dirEl = h("span", { class: "cs-dir", id: "cs-direction", title: "Direction of play" });
    this.deckCount = h("span", { class: "cs-deck-n" }, "0");
    this.deckEl = h("span", { class: "cs-deck", id: "cs-deck", title: "Cards left in the deck" }, h("span", { class: "cs-deck-pic", "aria-hidden": "true" }), this.deckCount);
    this.pendingEl = h("span", { class: "cs-pending", id: "cs-pending", role: "status" });
    this.dumpEl = h("span", { class: "cs-dump", id: "cs-dump" });
    this.status = h(
      "div",
      { class: "cs-status" },
      h("div", { class: "cs-status-main" }, timerEl, this.turnEl),
      h("div", { class: "cs-status-side" }, this.pendingEl, this.dumpEl, this.dirEl, this.deckEl),
    );

    // ---- seats
    this.seatList = new SeatList({ prefix: "cs", id: "cs-seats", parts: { count: true, badges: true, remove: true }, expandable: true, onRemove: (seat) => act.removeBot(seat) });
    this.seatsBox = h("aside", { class: "cs-seats", "aria-label": "Players" }, this.seatList.el);
    // a phone's one-line strip opens into every seat's state and notes (the ⋯ in the status row)
    if (this.seatList.more) this.status.querySelector(".cs-status-side")?.append(this.seatList.more);

    // ---- actions
    // Each button says why it is disabled in visible words (phones too), not only a tooltip.
    const button = (id: string, label: string, run: () => void, extra = "") => {
      const b = h(
        "button",
        { type: "button", class: `cs-btn ${extra}`, id: `cs-${id}`, disabled: true, "aria-describedby": `cs-${id}-why` },
        h("span", { class: "cs-btn-label" }, label),
        h("span", { class: "cs-why", id: `cs-${id}-why` }),
      );
      b.addEventListener("click", () => {
        if (!b.disabled) run();
      });
      return b;
    };
    this.buttons = {
      draw: button("draw", "Draw", () => act.draw()),
      pass: button("pass", "Pass", () => act.pass()),
      done: button("done", "Done", () => act.done()),
      uhoh: button("uhoh", "UH OH", () => act.uhoh(), "cs-uhoh"),
      caught: button("caught", "Caught!", () => act.caught(), "cs-caught"),
    };
    this.actions = h("div", { class: "cs-actions", role: "toolbar", "aria-label": "Actions" }, ...Object.values(this.buttons));

    // ---- view controls (over the table)
    const ctl = (label: string, title: string, run: () => void, id: string) => {
      const b = h("button", { type: "button", class: "cs-ctl", title, "aria-label": title, id }, label);
      b.addEventListener("click", run);
      return b;
    };
    this.yawEl = h("span", { class: "cs-yaw", id: "cs-yaw", "aria-live": "polite" }, "0°");
    this.viewControls = h(
      "div",
      { class: "cs-view", role: "toolbar", "aria-label": "Camera" },
      ctl("⟲", "Rotate the view left", () => act.rotate(-1), "cs-rot-left"),
      this.yawEl,
      ctl("⟳", "Rotate the view right", () => act.rotate(1), "cs-rot-right"),
      ctl("−", "Zoom out", () => act.zoom(1 / 1.25), "cs-zoom-out"),
      ctl("+", "Zoom in", () => act.zoom(1.25), "cs-zoom-in"),
      ctl("◎", "Fit the stack on screen", () => act.recentre(), "cs-centre"),
      ctl("?", "How to play", () => act.help(), "cs-help"),
    );

    // ---- waiting panel
    this.waitText = h("p", { class: "cs-wait-text" });
    this.waitCode = h("p", { class: "cs-wait-code", id: "cs-wait-code" });
    const start = h("button", { type: "button", class: "primary", id: "cs-start" }, "Start now");
    start.addEventListener("click", () => act.start());
    const ready = h("button", { type: "button", class: "secondary", id: "cs-ready", "aria-pressed": "false" }, "I'm ready");
    ready.addEventListener("click", () => act.ready(ready.getAttribute("aria-pressed") !== "true"));
    const addBot = h("button", { type: "button", class: "secondary", id: "cs-add-bot" }, "Add a bot");
    addBot.addEventListener("click", () => act.addBot());
    // the rules while the room fills: here, beside Start, rather than over it (teaching.ts)
    const rules = h("button", { type: "button", class: "secondary", id: "cs-wait-howto" }, "How to play");
    rules.addEventListener("click", () => act.help());
    this.waitButtons = { start, ready, addBot };
    this.waiting = h(
      "div",
      { class: "cs-panel cs-waiting", id: "cs-waiting", hidden: true, role: "region", "aria-label": "Waiting for players" },
      h("h2", {}, "Waiting for players"),
      this.waitCode,
      this.waitText,
      h("div", { class: "cs-panel-actions" }, start, ready, addBot, rules),
    );

    // ---- end screen (the shell's): the ranking is Cubestacc's own
    this.endList = h("ol", { class: "cs-rank", id: "cs-ranking" });
    this.end = new EndScreen({
      prefix: "cs",
      ids: { end: "cs-end", title: "cs-end-title", again: "cs-again", start: "cs-start-again", look: "cs-see-table", after: "cs-after", results: "cs-results", afterAgain: "cs-after-again", replay: "cs-replay" },
      className: "cs-panel",
      actionsClass: "cs-panel-actions",
      ready: (r) => act.ready(r),
      start: () => act.start(),
    });
    this.end.body.append(this.endList);
    this.endScreen = this.end.el;
    this.afterBar = this.end.afterBar;

    // ---- wild suit picker
    const cancel = h("button", { type: "button", class: "secondary", id: "cs-suit-cancel" }, "Cancel");
    cancel.addEventListener("click", () => this.closePicker(null));
    this.suitPicker = h(
      "div",
      { class: "cs-panel cs-suits", id: "cs-suit-picker", hidden: true, role: "dialog", "aria-label": "Choose the wild's suit" },
      h("h2", {}, "Wild: choose a suit"),
      h("div", { class: "cs-suit-row" }),
      h("div", { class: "cs-panel-actions" }, cancel),
    );

    this.log = h("div", { class: "cs-log", id: "cs-log", "aria-live": "polite" });
  }

  // ---- updates ------------------------------------------------------------------------

  update(m: TableModel, c: HudContext): void {
    this.updateStatus(m, c);
    this.updateSeats(m, c);
    this.updateButtons(m, c);
    this.updateWaiting(m, c);
    this.updateEnd(m, c);
    this.tick(m, c);
  }

  private updateStatus(m: TableModel, c: HudContext): void {
    let turn = "";
    const mine = c.me !== null && m.turn === c.me;
    if (c.firstFrameIn > 0) turn = `Live game, shown late: the table appears in ${c.firstFrameIn} s`;
    else if (m.phase === "waiting" || m.phase === "") turn = c.me === null ? "The game has not started yet" : "Waiting for players";
    else if (m.phase === "finished") turn = m.winner >= 0 ? (m.winner === c.me ? "You win!" : `${seatName(m, m.winner)} wins`) : "Game over";
    else if (mine) turn = m.pending > 0 ? `Your turn — play a K or take ${m.pending}` : m.dumpRank ? `Your turn — more ${m.dumpRank}s or Done` : "Your turn";
    else if (m.turn >= 0) turn = `${seatName(m, m.turn)}'s turn`;
    setText(this.turnEl, turn);
    setOn(this.turnEl, "cs-mine", mine && m.phase === "playing");
    this.turnEl.style.setProperty("--seat", SEAT_COLOURS[m.turn] ?? "#8894a8");

    const playing = m.phase === "playing";
    const next = playing ? nextSeat(m, m.turn) : -1;
    setText(this.dirEl, m.direction > 0 ? "↻" : "↺");
    this.dirEl.setAttribute("aria-label", `Direction ${m.direction > 0 ? "clockwise" : "counter-clockwise"}${next >= 0 ? `, next: ${seatName(m, next)}` : ""}`);
    this.dirEl.title = next >= 0 ? `Next: ${seatName(m, next)}` : "Direction of play";
    setOn(this.dirEl, "cs-rev", m.direction < 0);
    setText(this.deckCount, String(m.deckCount));

    let pending = "";
    if (playing && m.pending > 0) pending = `K +${m.pending}`;
    else if (playing && m.owed > 0) pending = `J +${m.owed}`;
    setText(this.pendingEl, pending);
    this.pendingEl.setAttribute("aria-label", m.pending > 0 ? `King stack: ${m.pending} cards pending` : m.owed > 0 ? `${m.owed} jack draw${m.owed > 1 ? "s" : ""} for the next player` : "");
    setOn(this.pendingEl, "cs-on", pending !== "");
    setText(this.dumpEl, playing && m.dumpRank ? `Dump ${m.dumpRank}` : "");
    setOn(this.dumpEl, "cs-on", playing && m.dumpRank !== "");
  }

  /** The countdown: every 250 ms from the scene. */
  tick(m: TableModel, c: HudContext): void {
    if (c.firstFrameIn > 0 || this.lateShown) {
      this.lateShown = c.firstFrameIn > 0;
      this.updateStatus(m, c);
      this.updateWaiting(m, c);
    }
    // a room without a timer never shows one: no space kept
    this.clock.show(m.phase === "playing" ? m.deadline : 0, c.now(), m.timer !== 0);
  }

  private updateSeats(m: TableModel, c: HudContext): void {
    const noGame = m.phase !== "playing";
    this.seatList.render(m.seats.map((s, i): SeatLine => {
      const me = i === c.me;
      const name = seatName(m, i);
      const showCount = s.inGame || m.phase === "playing";
      const badges: string[] = [];
      if (s.calledUhOh && s.cards <= 2 && m.phase === "playing") badges.push("UH OH");
      if (s.catchable) badges.push("1 card!");
      if (m.phase === "finished" && s.place > 0) badges.push(ORDINAL[s.place] ?? `#${s.place}`);
      if (noGame && s.ready && !s.bot) badges.push("ready");
      return {
        seat: i,
        name: `${name}${me ? " (you)" : ""}`,
        // phones show a short name: "Bot Ada" → "Ada" with a bot mark (CSS), "(you)" dropped
        short: s.bot ? name.replace(/^Bot\s+/i, "") : name,
        colour: SEAT_COLOURS[i] ?? "#888",
        state: seatStateOf(s),
        stateText: seatState(s, m),
        count: showCount ? String(s.cards) : "",
        countLabel: showCount ? `${s.cards} card${s.cards === 1 ? "" : "s"}` : "",
        badges: badges.join(" · "),
        me,
        bot: s.bot,
        turn: m.phase === "playing" && m.turn === i,
        out: m.phase === "playing" && !s.inGame,
        alert: s.catchable,
        removable: noGame && s.bot && c.me !== null && c.me === m.owner && m.mode !== "solo",
      };
    }));
  }

  private updateButtons(m: TableModel, c: HudContext): void {
    const mine = m.mine;
    const live = c.connected && m.phase === "playing" && mine !== null;
    const b = this.buttons;
    b.draw.disabled = !(live && (mine!.drawAction === "draw" || mine!.drawAction === "take"));
    setText(b.draw.firstElementChild as HTMLElement, live && mine!.drawAction === "take" ? `Take ${m.pending}` : "Draw");
    b.pass.disabled = !(live && mine!.drawAction === "pass");
    b.done.disabled = !(live && mine!.canDone);
    b.uhoh.disabled = !(live && mine!.canUhOh);
    const catchable = catchTargets(m.seats.map((s) => s.catchable), c.me).length > 0;
    b.caught.disabled = !(live && catchable);
    setOn(b.uhoh, "cs-alert", !b.uhoh.disabled);
    setOn(b.caught, "cs-alert", !b.caught.disabled);
    setOn(b.draw, "cs-suggest", !b.draw.disabled);
    setOn(b.pass, "cs-suggest", !b.pass.disabled);
    setOn(b.done, "cs-suggest", !b.done.disabled);
    const why = disabledReasons(m, c);
    for (const [key, btn] of Object.entries(b) as [keyof typeof b, HTMLButtonElement][]) {
      const text = btn.disabled ? why[key] : "";
      setText(btn.lastElementChild as HTMLElement, text);
      btn.title = text ? `${(btn.firstElementChild as HTMLElement).textContent}: ${text}` : "";
    }
  }

  private updateWaiting(m: TableModel, c: HudContext): void {
    // a delayed spectator's first frame is on its way: the room is not empty, it is not shown yet
    const show = m.phase === "waiting" && c.firstFrameIn === 0;
    this.waiting.hidden = !show;
    if (!show) return;
    const taken = m.seats.filter((s) => s.occupied).length;
    const people = m.seats.filter((s) => s.occupied && !s.bot).length;
    const owner = c.me !== null && c.me === m.owner;
    setText(this.waitCode, c.inviteCode ? `Invite friends with the code ${c.inviteCode}.` : "");
    setText(
      this.waitText,
      `${taken} of ${m.maxSeats} seats taken (${people} ${people === 1 ? "person" : "people"}). The game starts when every seat has a player${owner ? ", when you press Start" : ", when the host starts it"} or when everyone is ready.`,
    );
    this.waitButtons.start.hidden = !owner;
    this.waitButtons.start.disabled = taken < 2 || !c.connected;
    this.waitButtons.addBot.hidden = !owner || m.mode === "solo";
    this.waitButtons.addBot.disabled = taken >= m.maxSeats || !c.connected;
    const seated = c.me !== null;
    this.waitButtons.ready.hidden = !seated;
    const ready = seated && !!m.seats[c.me!]?.ready;
    this.waitButtons.ready.setAttribute("aria-pressed", String(ready));
    setText(this.waitButtons.ready, ready ? "Ready ✓" : "I'm ready");
  }

  private updateEnd(m: TableModel, c: HudContext): void {
    if (m.phase !== "finished") {
      this.end.update(null);
      return;
    }
    const won = m.winner >= 0 && m.winner === c.me;
    const rows = m.ranking.length ? m.ranking : m.seats.filter((s) => s.inGame).map((s) => ({ seat: s.seat, cards: s.cards, place: s.place }));
    const key = rows.map((r) => `${r.seat}:${r.cards}:${r.place}:${seatName(m, r.seat)}`).join("|") + `|${c.me}`;
    if (this.endList.dataset.key !== key) {
      this.endList.dataset.key = key;
      this.endList.replaceChildren(
        ...rows.map((r) =>
          h(
            "li",
            { class: `cs-rank-row${r.seat === c.me ? " cs-rank-me" : ""}${r.place === 1 ? " cs-rank-win" : ""}`, "data-seat": r.seat },
            h("span", { class: "cs-rank-place" }, ORDINAL[r.place] ?? `#${r.place}`),
            h("span", { class: "cs-rank-name", style: `--seat:${SEAT_COLOURS[r.seat] ?? "#888"}` }, `${seatName(m, r.seat)}${r.seat === c.me ? " (you)" : ""}`),
            h("span", { class: "cs-rank-cards" }, `${r.cards} card${r.cards === 1 ? "" : "s"} left`),
          ),
        ),
      );
    }
    const seated = c.me !== null;
    this.end.update({
      gameNo: m.gameNo,
      title: m.winner < 0 ? "Game over" : won ? "You win!" : `${seatName(m, m.winner)} wins`,
      note: m.blocked ? "Nobody could play or draw: fewest cards left wins." : "Ranked by cards left.",
      seated,
      again: c.again,
      watchMore: "#/games/cubestacc",
      connected: c.connected,
      ready: seated && !!m.seats[c.me!]?.ready,
      waitingFor: m.seats.filter((s) => s.occupied && !s.bot && s.connected && !s.ready).length,
      others: m.seats.filter((s, i) => i !== c.me && s.occupied && !s.bot).length,
      canStart: seated && c.me === m.owner && m.mode !== "solo",
      replayId: m.replayId,
    });
  }

  /** Where the end screen's results go (the scene adds a rated game's changes). */
  get endBody(): HTMLElement {
    return this.end.body;
  }

  showEndAgain(): void {
    this.end.reset();
  }

  // ---- yaw ------------------------------------------------------------------------------

  setYaw(yaw: number): void {
    setText(this.yawEl, `${yaw * 90}°`);
    this.yawEl.setAttribute("aria-label", `View rotated ${yaw * 90} degrees`);
  }

  // ---- suit picker -------------------------------------------------------------------------

  /** Asks which suit a wild takes; resolves null on cancel. */
  chooseSuit(pack: PackId, suggested: Suit | null): Promise<Suit | null> {
    this.closePicker(null);
    const row = this.suitPicker.querySelector(".cs-suit-row") as HTMLElement;
    if (this.pickPack !== pack) {
      this.pickPack = pack;
      this.pickButtons = SUITS.map((suit) => {
        const b = h("button", { type: "button", class: "cs-suit", "data-suit": suit, id: `cs-suit-${suit}` });
        b.innerHTML = `${iconSvg(pack, suit, 34)}<span>${suitName(pack, suit)}</span>`;
        b.addEventListener("click", (e) => {
          // a click right after the picker opened is the tail of the gesture that opened it
          if (e.detail > 0 && performance.now() - this.pickOpenedAt < 200) return;
          this.closePicker(suit);
        });
        return b;
      });
      row.replaceChildren(...this.pickButtons);
    }
    this.suitPicker.hidden = false;
    this.pickOpenedAt = performance.now();
    const focus = this.pickButtons[SUITS.indexOf(suggested ?? "spades")] ?? this.pickButtons[0];
    queueMicrotask(() => focus?.focus());
    return new Promise((resolve) => {
      this.pick = resolve;
    });
  }

  get picking(): boolean {
    return this.pick !== null;
  }

  closePicker(suit: Suit | null): void {
    const pick = this.pick;
    this.pick = null;
    this.suitPicker.hidden = true;
    pick?.(suit);
  }

  // ---- log -----------------------------------------------------------------------------------

  private logTimer: ReturnType<typeof setTimeout> | null = null;

  /** One line about what just happened; it fades after a few seconds. */
  say(text: string): void {
    setText(this.log, text);
    this.log.classList.remove("cs-faded");
    if (this.logTimer) clearTimeout(this.logTimer);
    this.logTimer = setTimeout(() => this.log.classList.add("cs-faded"), 6000);
  }

  destroy(): void {
    if (this.logTimer) clearTimeout(this.logTimer);
    this.closePicker(null);
  }
}

type ButtonKey = "draw" | "pass" | "done" | "uhoh" | "caught";

/** Why each action button is disabled right now, in a few words (shown under its label). */
export function disabledReasons(m: TableModel, c: HudContext): Record<ButtonKey, string> {
  const all = (text: string): Record<ButtonKey, string> => ({ draw: text, pass: text, done: text, uhoh: text, caught: text });
  if (c.me === null || m.mine === null) return all("watching");
  if (!c.connected) return all("reconnecting…");
  if (m.phase !== "playing") return all(m.phase === "finished" ? "game over" : "not started");
  const mine = m.mine;
  const myTurn = m.turn === c.me;
  const me = m.seats[c.me];
  const cards = mine.hand.length;
  const notTurn = "not your turn";
  return {
    draw: !myTurn ? notTurn : mine.drawAction === "pass" ? "deck is empty" : mine.canDone ? "dumping: Done" : mine.legal.length > 0 ? "you can play" : "",
    pass: !myTurn ? notTurn : mine.legal.length > 0 ? "you can play" : m.deckCount > 0 ? "deck not empty" : "",
    done: !myTurn ? notTurn : "only in a dump",
    uhoh: me?.calledUhOh && cards <= 2 ? "called ✓" : cards === 2 ? "" : "at 2 cards",
    caught: "nobody to catch",
  };
}

function seatState(s: SeatModel, m: TableModel): string {
  if (!s.occupied) return m.phase === "playing" ? "—" : "open seat";
  if (s.bot && s.connected) return "bot";
  if (s.bot) return "away · bot plays";
  return s.connected ? "online" : "reconnecting…";
}
