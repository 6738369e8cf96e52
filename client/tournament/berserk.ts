// The Berserk button of a tournament arena's game (server/rooms/game/berserk.ts, docs/
// tournaments.md "Berserk"): offered where the room says so (`berserkOpen`: an arena's game
// with a turn clock), to a seated player, before their first move; pressed, the room halves
// their turns and a win earns one point more. Who went berserk shows for everyone (the seat
// list's "berserk"). A refusal is said in the room's own words. Generic: no game is named.
import type { RoomSession } from "../net/session";
import { typedSend } from "../net/send";
import { h } from "../ui/dom";
import { toast } from "../ui/toast";
import "./tournament.css";

/** What the button reads of the room's state. */
export interface BerserkState {
  phase: string;
  gameNo: number;
  berserkOpen?: boolean;
  berserk?: ArrayLike<number>;
  acting?: ArrayLike<number>;
}

export const BERSERK_OFFER = "Berserk: halve your own turn time; a win then earns one tournament point more. Only before your first move.";
export const BERSERK_ON = "You are berserk: your turns last half as long, and a win earns one point more.";

/** Is room seat `seat` berserk in this state? */
export function isBerserk(s: Pick<BerserkState, "berserk"> | null | undefined, seat: number): boolean {
  return !!s?.berserk && Array.from(s.berserk).includes(seat);
}

export class BerserkButton {
  readonly el: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly note: HTMLElement;
  /** The game in which this player has been on turn, and whether that turn has passed (a move made). */
  private turnIn = -1;
  private movedIn = -1;
  private readonly offs: (() => void)[];
  /** The viewer's room seat as last drawn (null: a spectator). */
  private me: number | null = null;

  constructor(session: RoomSession) {
    this.button = h("button", { type: "button", class: "small tn-berserk", id: "tn-berserk" }, "Berserk");
    this.note = h("p", { class: "tn-berserk-note", id: "tn-berserk-note", role: "status" });
    this.button.addEventListener("click", () => {
      if (!typedSend(session)("berserk", {})) this.note.textContent = "Not connected: berserk was not sent.";
    });
    this.el = h("div", { class: "tn-berserk-box", hidden: true }, this.button, this.note);
    this.offs = [
      session.onMessage<{ type?: string; message?: string }>("error", (e) => {
        if (e?.type === "berserk" && e.message) this.note.textContent = e.message;
      }),
      // the others at the table (and watching) are told who went berserk, in the room's words
      // (the berserk player reads it in the note)
      session.onMessage<{ kind?: string; seat?: number; message?: string }>("event", (e) => {
        if (e?.kind === "berserk" && e.message && e.seat !== this.me) toast(e.message);
      }),
    ];
  }

  /** Shown for `me` (null: a spectator) in this state. */
  update(s: BerserkState, me: number | null): void {
    this.me = me;
    const playing = s.phase === "playing";
    if (me !== null && playing) {
      const onTurn = Array.from(s.acting ?? []).includes(me);
      if (onTurn) this.turnIn = s.gameNo;
      else if (this.turnIn === s.gameNo) this.movedIn = s.gameNo;
    }
    const mine = me !== null && isBerserk(s, me);
    const offered = !!s.berserkOpen && me !== null && playing;
    this.el.hidden = !offered || (!mine && this.movedIn === s.gameNo);
    this.button.hidden = mine;
    const text = mine ? BERSERK_ON : BERSERK_OFFER;
    // a refusal stays until the state says something new
    if (this.note.dataset.base !== text) {
      this.note.dataset.base = text;
      this.note.textContent = text;
    }
  }

  destroy(): void {
    for (const off of this.offs) off();
    this.el.remove();
  }
}
