// The shared shell of a game on the generic room: seat list (names, bots, who is
// away, whose turn), a status line with the turn timer, the end screen with Play
// again, and the owner's Add bot / Start between games. A game scene draws its
// table into `stage` and reads the same typed state (`ShellState`).
import type { Room } from "colyseus.js";
import { h } from "../ui/dom";
import type { GameContext } from "./types";
import "./shell.css";

/** The fields every generic-room state has (server/rooms/game/GameRoomState.ts). */
export interface ShellSeat {
  name: string;
  occupied: boolean;
  connected: boolean;
  ready: boolean;
  bot: boolean;
}
export interface ShellState {
  game: string;
  mode: string;
  phase: string;
  seats: ArrayLike<ShellSeat>;
  owner: number;
  gameNo: number;
  acting: ArrayLike<number>;
  together: boolean;
  order: ArrayLike<number>;
  deadline: number;
  result: string;
}

export interface ShellOptions {
  /** A short coloured mark per seat (a disc, a suit...); default none. */
  seatMark?(seat: number): string;
  /** The end screen's title for this state, from the viewer's side ("You won", "Draw"). */
  endTitle(state: ShellState, me: number | null): string;
  /** More for the end screen (a replay link), asked again on every update while it shows. */
  endExtra?(state: ShellState): HTMLElement | null;
}

export class GameShell {
  readonly el: HTMLElement;
  /** Where the game draws its table. */
  readonly stage: HTMLElement;
  private seatList: HTMLElement;
  private status: HTMLElement;
  private timer: HTMLElement;
  private end: HTMLElement;
  private ownerBar: HTMLElement;
  private tick: ReturnType<typeof setInterval> | null = null;
  private last: ShellState | null = null;
  private endShownFor = -1;
  private endExtra = h("div", { class: "gs-end-extra" });
  private endExtraKey = "";

  constructor(private ctx: GameContext, host: HTMLElement, private opts: ShellOptions) {
    this.stage = h("div", { class: "gs-stage" });
    this.seatList = h("ol", { class: "gs-seats", id: "gs-seats", "aria-label": "Seats" });
    this.status = h("p", { class: "gs-status", id: "gs-status", role: "status", "aria-live": "polite" });
    this.timer = h("span", { class: "gs-timer", id: "gs-timer", "aria-label": "Time left this turn" });
    const addBot = h("button", { type: "button", class: "small", id: "gs-add-bot" }, "Add bot");
    addBot.addEventListener("click", () => ctx.session.send("addBot", {}));
    const start = h("button", { type: "button", class: "small", id: "gs-start" }, "Start");
    start.addEventListener("click", () => ctx.session.send("start", {}));
    this.ownerBar = h("div", { class: "gs-owner", hidden: true }, addBot, start);
    this.end = h("div", { class: "gs-end", id: "gs-end", hidden: true, role: "dialog", "aria-labelledby": "gs-end-h" });
    this.el = h(
      "div",
      { class: "gs" },
      h("aside", { class: "gs-side" }, h("div", { class: "gs-status-row" }, this.status, this.timer), this.seatList, this.ownerBar),
      this.stage,
      this.end,
    );
    host.append(this.el);
    this.tick = setInterval(() => this.drawTimer(), 250);
  }

  get me(): number | null {
    return this.ctx.session.spectator ? null : this.ctx.session.seat;
  }

  /** The room's state as the shell reads it (null before the first patch). */
  static stateOf(room: Room | null): ShellState | null {
    return (room?.state as ShellState | undefined) ?? null;
  }

  update(state: ShellState): void {
    this.last = state;
    const me = this.me;
    // a Room rebuilt after a reload can be handed to the shell before its first full state
    const acting = Array.from(state.acting ?? []);
    const seats = Array.from(state.seats ?? []);
    this.seatList.replaceChildren(
      ...seats.map((s, i) =>
        h(
          "li",
          { class: `gs-seat${acting.includes(i) && state.phase === "playing" ? " gs-turn" : ""}${i === me ? " gs-me" : ""}`, "data-seat": i },
          h("span", { class: "gs-mark", "aria-hidden": "true" }, this.opts.seatMark?.(i) ?? ""),
          h("span", { class: "gs-name" }, s.occupied ? s.name : "Open seat"),
          h("span", { class: "gs-tag" }, !s.occupied ? "" : s.bot ? "bot" : !s.connected ? "away" : state.phase !== "playing" && s.ready ? "ready" : i === me ? "you" : ""),
        ),
      ),
    );
    this.status.textContent = this.statusText(state, me, acting);
    const owner = me !== null && me === state.owner && state.phase !== "playing" && state.mode !== "solo";
    this.ownerBar.hidden = !owner;
    this.drawTimer();
    if (state.phase === "finished" && this.endShownFor !== state.gameNo) this.showEnd(state, me);
    if (state.phase === "finished" && this.opts.endExtra) {
      const extra = this.opts.endExtra(state);
      const key = extra?.outerHTML ?? "";
      if (key !== this.endExtraKey) {
        this.endExtraKey = key;
        this.endExtra.replaceChildren(...(extra ? [extra] : []));
      }
    }
    if (state.phase === "playing") {
      this.end.hidden = true;
      this.endShownFor = -1;
    }
  }

  private statusText(state: ShellState, me: number | null, acting: number[]): string {
    if (state.phase === "waiting") return "Waiting for players — share the room code, or the owner adds a bot.";
    if (state.phase === "finished") return `${this.opts.endTitle(state, me)} — press Play again for another game.`;
    if (me !== null && acting.includes(me)) return state.together ? "Your move (everyone plays at once)." : "Your turn.";
    const names = acting.map((i) => state.seats[i]?.name || `Seat ${i + 1}`);
    return names.length ? `${names.join(", ")} to play.` : "";
  }

  private drawTimer(): void {
    const s = this.last;
    const left = s && s.deadline > 0 && s.phase === "playing" ? Math.max(0, Math.ceil((s.deadline - this.ctx.session.clock.now()) / 1000)) : -1;
    const text = left < 0 ? "" : `${left}s`;
    if (this.timer.textContent !== text) this.timer.textContent = text;
    this.timer.classList.toggle("gs-low", left >= 0 && left <= 5);
  }

  private showEnd(state: ShellState, me: number | null): void {
    this.endShownFor = state.gameNo;
    const title = this.opts.endTitle(state, me);
    this.ctx.announce(title);
    const again = h("button", { type: "button", class: "primary", id: "gs-again" }, "Play again");
    again.addEventListener("click", () => {
      this.ctx.session.send("ready", { ready: true });
      again.disabled = true;
      again.textContent = "Waiting for the others…";
    });
    const close = h("button", { type: "button", class: "secondary", id: "gs-end-close" }, "Look at the table");
    close.addEventListener("click", () => (this.end.hidden = true));
    this.end.replaceChildren(
      h("div", { class: "notice" }, h("h2", { id: "gs-end-h" }, title), this.endExtra, h("div", { class: "notice-actions" }, me !== null ? again : null, close)),
    );
    this.end.hidden = false;
  }

  destroy(): void {
    if (this.tick) clearInterval(this.tick);
    this.el.remove();
  }
}
