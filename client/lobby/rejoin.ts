// "You have a game in progress — Rejoin": the seats this browser holds tokens for, checked
// with the server (POST /api/seats/check) each time the lobby shows, so a closed tab or an
// accidental Back never loses a game. Only seats the server confirms are offered.
import { cachedJson } from "../net/cachedGet";
import { normaliseCode } from "../net/client";
import { listSeats } from "../net/storage";
import { h } from "../ui/dom";
import { gameName, modeWord } from "../games/registry";

export interface LiveSeat {
  roomId: string;
  game: string;
  mode: string;
  seat: number;
  status: string;
  phase: string;
  /** The game at that seat has ended (no game in progress there). */
  over?: boolean;
}

/** How long a check is used again: a lobby shown twice in a row (a tile, Back) asks once. */
const SEATS_FRESH_MS = 5000;

export async function checkSeats(): Promise<LiveSeat[]> {
  const held = listSeats().slice(0, 10);
  if (held.length === 0) return [];
  const body = await cachedJson<{ seats?: LiveSeat[] }>("/api/seats/check", { post: { seats: held.map((s) => ({ roomId: s.roomId, seatToken: s.seatToken })) }, freshMs: SEATS_FRESH_MS });
  return Array.isArray(body?.seats) ? body.seats : [];
}

/** The mode a seat is in, in words ("solo", "co-op"); nothing for the usual online game. */
function modeWords(s: LiveSeat): string {
  return !s.mode || s.mode === "online" ? "" : modeWord(s.game, s.mode);
}

/** A private room's 5-letter code means something to a player; a public room's id does not. */
function roomCode(roomId: string): string {
  return normaliseCode(roomId) === roomId ? roomId : "";
}

function seatWords(s: LiveSeat): string {
  if (s.status === "bot") return "a bot is playing your seat until you are back";
  // "connected" right after leaving the page too (the server has not seen the socket close yet)
  return "your seat is kept for you";
}

export class RejoinBanner {
  readonly el: HTMLElement;
  private abort: AbortController | null = null;

  constructor(private navigate: (hash: string) => void) {
    this.el = h("section", { class: "rejoin", id: "rejoin", hidden: true, "aria-live": "polite", "aria-label": "Games in progress" });
  }

  async refresh(): Promise<void> {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    let live: LiveSeat[];
    try {
      live = await checkSeats();
    } catch {
      if (!abort.signal.aborted) this.render([]);
      return;
    }
    // a game that has ended is not "in progress" (its end screen was seen, or is in My games)
    if (!abort.signal.aborted) this.render(live.filter((s) => s.over !== true));
  }

  stop(): void {
    this.abort?.abort();
  }

  private render(live: LiveSeat[]): void {
    this.el.hidden = live.length === 0;
    this.el.replaceChildren(
      ...live.map((s) => {
        const code = roomCode(s.roomId);
        const go = h("button", { type: "button", class: "primary", "data-room": s.roomId, "aria-label": `Rejoin your ${gameName(s.game)} game${code ? ` in room ${code}` : ""}` }, "Rejoin");
        go.addEventListener("click", () => this.navigate(`#/room/${s.roomId}`));
        const mode = modeWords(s);
        return h(
          "div",
          { class: "rejoin-row", "data-room": s.roomId },
          h(
            "p",
            {},
            h("strong", {}, "You have a game in progress"),
            ` — ${gameName(s.game)}${mode ? ` ${mode}` : ""}${code ? `, room ${code}` : ""}: ${seatWords(s)}.`,
          ),
          go,
        );
      }),
    );
  }
}
