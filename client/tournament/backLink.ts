// On a tournament game's end screen (every rated end screen carries it: shell/rated.ts): the
// way back to the tournament, and going back there by itself after a few seconds, said and
// counted down, with "Stay here" to look at the board a while longer.
import { h } from "../ui/dom";
import { entry, tournamentOfRoom } from "./entry";
import "./tournament.css";

/**
 * Does the end screen of room `roomId` offer Play again? Not in a tournament's game: the
 * tournament pairs the next one, and its end screen offers "Back to the tournament" only.
 * Every end screen asks this (the shell's, Cubestacc's, the Minesweeper race's).
 */
export function playAgainOffered(roomId: string): boolean {
  return !tournamentOfRoom(roomId);
}

/** What an end screen's status line says in a tournament's game instead of "press Play again". */
export const TOURNAMENT_GOES_ON = "your tournament goes on: your next game is paired there.";

/** Seconds before the page goes back to the tournament by itself. */
export const BACK_SECONDS = 10;

export class TournamentBack {
  readonly el = h("div", { class: "tn-back", id: "tn-back-box", hidden: true });
  private shownFor = -1;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly roomId: () => string) {}

  /** The end of game `gameNo` shows; `seated`: the viewer played in it. */
  show(gameNo: number, seated: boolean): void {
    const id = tournamentOfRoom(this.roomId());
    if (!id || !seated) return this.hide();
    if (this.shownFor === gameNo) return;
    this.shownFor = gameNo;
    const href = `#/tournament/${encodeURIComponent(id)}`;
    const here = location.hash;
    const link = h("a", { class: "button-link", id: "tn-back", href }, "Back to the tournament");
    const note = h("p", { role: "status" });
    const stay = h("button", { type: "button", class: "secondary small", id: "tn-stay" }, "Stay here");
    stay.addEventListener("click", () => {
      this.stop();
      stay.hidden = true;
      note.textContent = "You stay on this page. The tournament pairs you again as soon as you are free.";
    });
    this.el.replaceChildren(note, link, stay);
    this.el.hidden = false;
    this.stop();
    if (!entry.isIn(id)) {
      stay.hidden = true;
      note.textContent = "This was a tournament game.";
      return;
    }
    let left = BACK_SECONDS;
    note.textContent = `Back to the tournament in ${left} seconds.`;
    this.timer = setInterval(() => {
      left--;
      if (location.hash !== here) return this.stop();
      if (left > 0) note.textContent = `Back to the tournament in ${left} seconds.`;
      else {
        this.stop();
        location.hash = href;
      }
    }, 1000);
  }

  hide(): void {
    this.stop();
    this.shownFor = -1;
    this.el.hidden = true;
    this.el.replaceChildren();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
