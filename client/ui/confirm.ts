// "Leave this game?" — leaving a seat is a choice the player makes knowing what happens to it.
// `leaveConsequence` says it in the game's words (null: nothing is lost, no question needed);
// `confirmLeave` asks with a small modal dialog.
import type { RoomSession } from "../net/session";
import { h } from "./dom";

interface SeatLike {
  occupied?: boolean;
  bot?: boolean;
}

/** The room as the leave question reads it. */
export interface LeavingState {
  mode?: string;
  phase?: string;
  /** Seats in the room. */
  seats: number;
  /** Other people (not bots) seated. */
  others: number;
}

/**
 * A game's own answer (its ClientGame entry's `leaveConsequence`): a sentence, null (nothing
 * worth asking), or undefined for the shared words below.
 */
export type LeaveWords = (room: LeavingState) => string | null | undefined;

/** What happens to the seat if this player leaves now, or null when leaving loses nothing worth asking about. */
export function leaveConsequence(session: RoomSession, wordsOf: (game: string) => LeaveWords | undefined): string | null {
  if (session.spectator || session.seat === null || session.seat < 0) return null;
  const state = session.room?.state as { game?: string; mode?: string; phase?: string; seats?: Iterable<SeatLike> } | undefined;
  if (!state) return null;
  const seats = Array.from(state.seats ?? []);
  const others = seats.filter((s, i) => i !== session.seat && s.occupied && !s.bot).length;
  const phase = state.phase ?? "";
  if (["won", "lost", "finished", "over"].includes(phase)) return null;
  const own = wordsOf(state.game ?? session.game)?.({ mode: state.mode, phase, seats: seats.length, others });
  if (own !== undefined) return own;
  if (state.mode === "solo" || seats.length <= 1) return null; // one seat: Back keeps it anyway
  if (others === 0) return "You are the only player here: the room closes and this board is gone.";
  return "Your seat is given up; the others play on without you.";
}

let open: { el: HTMLElement; resolve: (ok: boolean) => void } | null = null;

/** Asks "Leave this game?" (or `words.title`); resolves true for Leave, false for Stay (or when closed by `dismissLeave`). */
export function confirmLeave(consequence: string, words: { title: string; stay: string } = { title: "Leave this game?", stay: "Stay in the game" }): Promise<boolean> {
  dismissLeave();
  return new Promise((resolve) => {
    const stay = h("button", { type: "button", class: "primary", id: "leave-stay" }, words.stay);
    const leave = h("button", { type: "button", class: "secondary danger", id: "leave-confirm" }, "Leave");
    const el = h(
      "div",
      { class: "notice-layer confirm-layer", id: "leave-dialog" },
      h(
        "div",
        { class: "notice", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "leave-h", "aria-describedby": "leave-p" },
        h("h2", { id: "leave-h" }, words.title),
        h("p", { id: "leave-p" }, consequence),
        h("div", { class: "notice-actions" }, stay, leave),
      ),
    );
    const done = (ok: boolean) => {
      if (open?.el !== el) return;
      open = null;
      el.remove();
      document.removeEventListener("keydown", onKey, true);
      resolve(ok);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        done(false);
      }
    };
    stay.addEventListener("click", () => done(false));
    leave.addEventListener("click", () => done(true));
    document.addEventListener("keydown", onKey, true);
    open = { el, resolve: done };
    document.body.append(el);
    queueMicrotask(() => stay.focus());
  });
}

/** Closes the dialog if it is open (as "Stay"). */
export function dismissLeave(): void {
  open?.resolve(false);
}

export function leaveDialogOpen(): boolean {
  return open !== null;
}
