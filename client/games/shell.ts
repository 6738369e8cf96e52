// The shared shell of a game on the generic room: seat list (names, bots, who is
// away, whose turn), a status line with the turn timer, the end screen with Play
// again, and the owner's Add bot / Start between games. A game scene draws its
// table into `stage` and reads the same typed state (`ShellState`). The parts
// (shell/seats.ts, shell/clock.ts, shell/end.ts) also serve the games with their own
// layout (Cubestacc, Minesweeper).
import type { Room } from "colyseus.js";
import { h } from "../ui/dom";
import { formatSeconds, TurnClock } from "./shell/clock";
import { EndScreen } from "./shell/end";
import { gameDef } from "../../common/games";
import { RatedBox } from "./shell/rated";
import { SeatList, seatStateOf } from "./shell/seats";
import type { GameContext } from "./types";
import { typedSend } from "../net/send";
import type { Wire } from "../net/wire";
import type { GameRoomState } from "../../server/rooms/game/GameRoomState";
import "./shell.css";
import { seatName } from "./seatName";
import { playAgainOffered, TOURNAMENT_GOES_ON } from "../tournament/backLink";
import { BerserkButton, isBerserk } from "../tournament/berserk";

export { seatName };

/** The fields every generic-room state has: the server's GameRoomState (and HubState's seats), decoded. */
export type ShellState = Wire<GameRoomState>;

export interface ShellOptions {
  /** A short coloured mark per seat (a disc, a suit...); default none. */
  seatMark?(seat: number): string;
  /** The mark's colour (CSS). */
  seatColour?(seat: number): string | undefined;
  /** The end screen's title for this state, from the viewer's side ("You won", "Draw"). */
  endTitle(state: ShellState, me: number | null): string;
  /** More for the end screen (a replay link), asked again on every update while it shows. */
  endExtra?(state: ShellState): HTMLElement | null;
  /** A line under the end title (where the winning line is). */
  endNote?(state: ShellState): string;
  /** The end card sits beside the table rather than over it: the table shows why the game ended. */
  endBeside?: boolean;
  /**
   * The game lists its players itself while a game runs (Auto Pets' score chips): a phone then
   * shows that list only, not the seat strip too ("Details" still opens the full seat list).
   */
  playersInGame?: boolean;
}

/** A game's seat figure as the seat list's count. */
function figureOf(f: { text: string; label: string } | null): { count?: string; countLabel?: string } {
  return f ? { count: f.text, countLabel: f.label } : {};
}

export class GameShell {
  readonly el: HTMLElement;
  /** Where the game draws its table. */
  readonly stage: HTMLElement;
  private seatList: SeatList;
  private status: HTMLElement;
  private timer: TurnClock;
  private end: EndScreen;
  private ownerBar: HTMLElement;
  private tick: ReturnType<typeof setInterval> | null = null;
  private last: ShellState | null = null;
  private endExtra = h("div", { class: "gs-end-extra" });
  private endExtraKey = "";
  private addBot: HTMLButtonElement;
  private counting = false;
  private startBtn: HTMLButtonElement;
  /** A rated game's changes (the `rated` event), shown on its end screen. */
  private rated: RatedBox;
  /** Berserk, in a tournament arena's game with a turn clock. */
  private berserk: BerserkButton;

  constructor(private ctx: GameContext, host: HTMLElement, private opts: ShellOptions) {
    this.stage = h("div", { class: "gs-stage" });
    const send = typedSend(ctx.session);
    this.seatList = new SeatList({ prefix: "gs", id: "gs-seats", label: "Seats", parts: { count: true, remove: true }, expandable: true, onRemove: (seat) => send("removeBot", { seat }) });
    this.status = h("p", { class: "gs-status", id: "gs-status", role: "status", "aria-live": "polite" });
    this.timer = new TurnClock(h("span", { class: "gs-timer", id: "gs-timer", "aria-label": "Time left this turn" }), { prefix: "gs", format: formatSeconds, lowMs: 5001 });
    const addBot = h("button", { type: "button", class: "small", id: "gs-add-bot" }, "Add bot");
    addBot.addEventListener("click", () => send("addBot", {}));
    const start = h("button", { type: "button", class: "small", id: "gs-start" }, "Start");
    start.addEventListener("click", () => send("start", {}));
    this.ownerBar = h("div", { class: "gs-owner", hidden: true }, addBot, start);
    this.end = new EndScreen({
      prefix: "gs",
      ids: { end: "gs-end", title: "gs-end-h", again: "gs-again", look: "gs-end-close", start: "gs-start-again", after: "gs-after", results: "gs-results", afterAgain: "gs-after-again", replay: "gs-replay" },
      lookLabel: "Look at the table",
      cardClass: "notice",
      ready: (ready) => send("ready", { ready }),
      start: () => send("start", {}),
      docked: opts.endBeside,
    });
    this.rated = new RatedBox(ctx.session, (t) => ctx.announce(t));
    this.end.body.append(this.rated.el, this.endExtra);
    this.berserk = new BerserkButton(ctx.session);
    this.addBot = addBot;
    this.startBtn = start;
    const docked = opts.endBeside === true;
    this.el = h(
      "div",
      { class: "gs" },
      h("aside", { class: "gs-side" }, h("div", { class: "gs-status-row" }, this.status, this.timer.el, this.seatList.more), this.berserk.el, this.end.afterBar, docked ? this.end.el : null, this.seatList.el, this.ownerBar),
      this.stage,
      docked ? null : this.end.el,
    );
    host.append(this.el);
    this.tick = setInterval(() => {
      this.drawTimer();
      // a delayed view's countdown to its first frame (and the seats once it shows)
      if (this.last && (this.ctx.session.firstFrameIn() > 0 || this.counting)) {
        this.counting = this.ctx.session.firstFrameIn() > 0;
        this.update(this.last);
      }
    }, 250);
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
    const playing = state.phase === "playing";
    const figure = this.ctx.seatFigure;
    // a delayed view shows no seats before its first frame (they are not empty: they are not shown yet)
    const shown = this.ctx.session.firstFrameIn() > 0 ? [] : seats;
    this.seatList.render(
      shown.map((seat, i) => ({
        seat: i,
        name: seat.occupied ? seat.name : "Open seat",
        // the phone strip shows "Bot Ada" as "⚙ Ada" (CSS reads data-short)
        short: seat.occupied ? (seat.bot ? seat.name.replace(/^Bot\s+/i, "") : seat.name) : "Open",
        state: seatStateOf(seat),
        stateText: !seat.occupied ? "" : seat.bot ? "bot" : !seat.connected ? "away" : !playing && seat.ready ? "ready" : [i === me ? "you" : "", isBerserk(state, i) ? "berserk: ½ time" : ""].filter(Boolean).join(" · "),
        mark: this.opts.seatMark?.(i) ?? "",
        colour: this.opts.seatColour?.(i),
        ...(figure && seat.occupied ? figureOf(figure(state, i)) : {}),
        me: i === me,
        bot: seat.bot,
        turn: playing && acting.includes(i),
        removable: !playing && seat.bot && me !== null && me === state.owner && state.mode !== "solo",
      })),
    );
    this.el.classList.toggle("gs-players-in-game", !!this.opts.playersInGame && playing);
    this.status.textContent = this.statusText(state, me, acting);
    this.berserk.update(state, me);
    const owner = me !== null && me === state.owner && !playing && state.mode !== "solo";
    // before a game only, and only what can be done: a bot needs a free seat, Start a second player
    const taken = seats.filter((x) => x.occupied).length;
    this.addBot.hidden = taken >= seats.length;
    this.startBtn.hidden = taken < (gameDef(state.game)?.seats.min ?? 2);
    this.ownerBar.hidden = !owner || state.phase !== "waiting" || (this.addBot.hidden && this.startBtn.hidden);
    this.drawTimer();
    const finished = state.phase === "finished";
    if (playing) this.end.reset();
    const first = this.end.update(
      finished
        ? {
            gameNo: state.gameNo,
            title: this.opts.endTitle(state, me),
            note: this.opts.endNote?.(state),
            seated: me !== null,
            again: playAgainOffered(this.ctx.session.roomId),
            watchMore: `#/games/${state.game}`,
            connected: this.ctx.session.status.kind === "connected",
            ready: me !== null && !!seats[me]?.ready,
            waitingFor: seats.filter((x) => x.occupied && !x.bot && x.connected && !x.ready).length,
            others: seats.filter((x, i) => i !== me && x.occupied && !x.bot).length,
            canStart: owner,
            replayId: state.replayId,
          }
        : null,
    );
    if (first) this.ctx.announce(this.opts.endTitle(state, me));
    if (finished && this.opts.endExtra) {
      const extra = this.opts.endExtra(state);
      const key = extra?.outerHTML ?? "";
      if (key !== this.endExtraKey) {
        this.endExtraKey = key;
        this.endExtra.replaceChildren(...(extra ? [extra] : []));
      }
    }
    this.drawRated();
  }

  /** "Ann 1,500 → 1,658 (+158)" per player, once the game is rated (the end screen of that game only). */
  private drawRated(): void {
    const s = this.last;
    if (!s || s.phase !== "finished") return this.rated.hide();
    this.rated.show(s.gameNo, this.me, (seat) => seatName(s.seats[seat], `Seat ${seat + 1}`));
  }


  private statusText(state: ShellState, me: number | null, acting: number[]): string {
    const session = this.ctx.session;
    const late = session.firstFrameIn();
    if (late > 0) return `Live game, shown ${session.delaySeconds} s late: the table appears in ${late} s.`;
    if (state.phase === "waiting") {
      if (me === null) return "The game has not started yet.";
      // a public room has no code to share: the next player who picks Quick play sits here
      return session.isPrivate ? "Waiting for players — share the room code, or the owner adds a bot." : "Waiting for players — the next player to pick Quick play joins you here, or the owner adds a bot.";
    }
    if (state.phase === "finished") {
      const over = this.opts.endTitle(state, me);
      // a spectator has no seat to play again in
      if (me === null) return `${over} — watch another table or play a game of your own from the lobby.`;
      // a tournament's game: the tournament pairs the next one
      return playAgainOffered(session.roomId) ? `${over} — press Play again for another game.` : `${over} — ${TOURNAMENT_GOES_ON}`;
    }
    // "everyone plays at once" only where there is someone else: a goldfish table is one player's
    if (me !== null && acting.includes(me)) return state.together && acting.length > 1 ? "Your move (everyone plays at once)." : state.together ? "Your move." : "Your turn.";
    const names = acting.map((i) => seatName(state.seats[i], `Seat ${i + 1}`));
    return names.length ? `${names.join(", ")} to play.` : "";
  }

  private drawTimer(): void {
    const s = this.last;
    this.timer.show(s && s.phase === "playing" ? s.deadline : 0, this.ctx.session.clock.now());
  }

  destroy(): void {
    this.rated.destroy();
    this.berserk.destroy();
    if (this.tick) clearInterval(this.tick);
    this.el.remove();
  }
}
