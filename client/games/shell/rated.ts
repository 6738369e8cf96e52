// A rated game's changes on an end screen: "Your rating: +12", then each player's rating
// before → after and the change (the room's `rated` event, docs/protocol.md "Rated quick
// play"). Every end screen uses it: the shell's, Cubestacc's, the Minesweeper race's.
import { deltaText, PROVISIONAL_WORD } from "../../../common/rated";
import type { RoomSession } from "../../net/session";
import { h } from "../../ui/dom";
import { TournamentBack } from "../../tournament/backLink";
import "./rated.css";

export interface RatedEvent {
  kind: "rated";
  gameNo: number;
  pool: string;
  /** `weight`: how much the game counted for that player (1: a whole game; docs/ratings.md). */
  changes: { seat: number; before: number; after: number; delta: number; provisional: boolean; games: number; weight?: number }[];
}

/** Why a game moved a rating less than a whole game would (nothing for a whole game). */
export function weightText(weight: number | undefined): string {
  if (weight === undefined || weight >= 1) return "";
  if (weight <= 0) return "This game did not move your rating: you have played the same opponent several times in the last 24 hours. Play someone else to move it again.";
  const share = weight >= 0.5 ? "half" : weight >= 0.25 ? "a quarter" : "less than a quarter";
  return `This game counted for ${share} of a game: repeated games against the same opponent within 24 hours, and games against a new player from the same address, count less.`;
}

/** Why a provisional rating moved so much (a first game: ±158), when one did. */
function provisionalNote(changes: RatedEvent["changes"]): HTMLElement[] {
  const moved = changes.filter((c) => c.provisional);
  if (moved.length === 0) return [];
  const most = Math.max(...moved.map((c) => Math.abs(c.delta)));
  return [h(
    "p",
    { class: "gs-rated-note" },
    `Provisional: the first rated games move a rating a lot (up to ${most} points here) while the hub learns how strong a player is; each game after moves it less, and after about a dozen games the rating is no longer provisional.`,
  )];
}

export class RatedBox {
  /** The way back to the tournament (a tournament's game), then the changes. */
  private readonly changes = h("div", { class: "gs-end-rated", id: "gs-rated", "aria-live": "polite" });
  private readonly back: TournamentBack;
  readonly el: HTMLElement;
  private event: RatedEvent | null = null;
  private readonly off: () => void;
  private last: { gameNo: number; me: number | null; name: (seat: number) => string } | null = null;

  constructor(session: RoomSession, announce?: (text: string) => void) {
    this.back = new TournamentBack(() => session.roomId);
    this.el = h("div", { class: "gs-end-rated-box" }, this.back.el, this.changes);
    this.off = session.onMessage<RatedEvent | { kind: string; message?: string }>("event", (e) => {
      if (e?.kind === "rated") {
        this.event = e as RatedEvent;
        if (this.last) this.show(this.last.gameNo, this.last.me, this.last.name);
      } else if (e?.kind === "no-show" && e.message) announce?.(e.message);
    });
  }

  /** Shows the changes of game `gameNo` (once they arrive); nothing for another game. */
  show(gameNo: number, me: number | null, name: (seat: number) => string): void {
    this.last = { gameNo, me, name };
    this.back.show(gameNo, me !== null);
    const r = this.event;
    const key = r && r.gameNo === gameNo ? JSON.stringify([r, me]) : "";
    if (this.changes.dataset.key === key) return;
    this.changes.dataset.key = key;
    if (!key) return void this.changes.replaceChildren();
    const mine = r!.changes.find((c) => c.seat === me);
    this.changes.replaceChildren(
      h("h3", {}, mine ? `Your rating: ${deltaText(mine.delta)}` : "Ratings"),
      ...(weightText(mine?.weight) ? [h("p", { class: "gs-rated-weight" }, weightText(mine?.weight))] : []),
      h(
        "ul",
        { class: "gs-rated-list" },
        ...r!.changes.map((c) =>
          h(
            "li",
            { class: `gs-rated-row${c.seat === me ? " me" : ""}`, "data-seat": c.seat },
            h("span", { class: "gs-rated-name" }, name(c.seat)),
            h("span", { class: "gs-rated-value" }, `${c.before.toLocaleString("en-US")} → ${c.after.toLocaleString("en-US")}${c.provisional ? ` ${PROVISIONAL_WORD}` : ""}`),
            h("strong", { class: `gs-rated-delta ${c.delta >= 0 ? "up" : "down"}` }, deltaText(c.delta)),
          ),
        ),
      ),
      ...provisionalNote(r!.changes),
    );
  }

  hide(): void {
    this.last = null;
    this.back.hide();
    this.changes.dataset.key = "";
    this.changes.replaceChildren();
  }

  destroy(): void {
    this.back.hide();
    this.off();
  }
}
