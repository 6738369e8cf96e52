// Why a join failed, said as a person would want to read it, with the next step.
// The server's own words (`room "ZZZZZ" not found`, `PJHZK is already full.`) are matched
// here and never shown raw.
import { hubUnavailable, socketClosedBeforeJoin } from "./retry.js";

/**
 * The message of whatever was thrown (tests import this file without a browser). A
 * request the network failed throws no Error but the browser's event (a ProgressEvent from
 * colyseus.js's HTTP call): say so, never "[object ProgressEvent]".
 */
export function errorText(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  // A socket cut before the join completed says nothing: say what happened.
  if (socketClosedBeforeJoin(e)) return "The connection to the hub was cut before the room opened.";
  if (typeof e === "object" && e !== null && typeof (e as { type?: unknown }).type === "string") return "The connection to the hub failed: the network did not answer.";
  return String(e ?? "unknown error");
}

export interface JoinFailure {
  title: string;
  text: string;
  /** Offer "Watch this room" (only when there is a room to watch). */
  watch: boolean;
  /** The server could not be reached or is briefly unavailable (not a refusal): try again by itself, the room may well be there. */
  retry?: boolean;
}

const CODE = /^[A-Z]{5}$/;

function what(id: string): string {
  return CODE.test(id) ? `code ${id}` : `id ${id}`;
}

const CANNOT_SAVE = /disk is full|almost out of disk space|cannot save your seat|could not save|cannot save a new game/i;

/**
 * The server refused because it cannot save right now (its disk is full or failing): its own
 * words say what happened and to try again, and the refusal passes by itself once space is back.
 * Null for any other failure.
 */
export function cannotSaveNow(e: unknown): string | null {
  const raw = errorText(e);
  return CANNOT_SAVE.test(raw) ? raw : null;
}

/**
 * How long after a try of the same join failed on the network a "full" answer may be that
 * try's own seat, still reserved for a socket that never came (SEAT_RESERVATION_SECONDS, 15 s).
 */
export const OWN_RESERVATION_MS = 20_000;

/**
 * Classifies a failed joinById (`reclaim`: we tried with a stored seat token; `networkFailedAt`:
 * when an earlier try of this same join failed on the network, if one did).
 */
export function explainJoinFailure(id: string, e: unknown, how: { spectate: boolean; reclaim: boolean; networkFailedAt?: number }): JoinFailure {
  const raw = errorText(e);
  const unsaved = cannotSaveNow(e);
  if (unsaved) {
    return {
      title: "The server cannot save right now",
      text: `${unsaved.replace(/\.?$/, ".")} Nothing is lost: the game with ${what(id)} is still there.`,
      watch: !how.spectate,
    };
  }
  if (/not found|is locked|disposed/i.test(raw)) {
    return {
      title: how.reclaim ? "That game is over" : "No such game",
      text: how.reclaim
        ? `The game with ${what(id)} has ended or closed, so there is no seat to go back to. Start a new game from the lobby.`
        : `No game with ${what(id)} is running. Check the code or ask your friend for a new link.`,
      watch: false,
    };
  }
  if (/already full|every seat|room-full|is full/i.test(raw)) {
    // The seat an earlier try reserved before its connection was cut: it frees up by itself.
    if (how.networkFailedAt !== undefined && Date.now() - how.networkFailedAt < OWN_RESERVATION_MS) {
      return { title: "Could not reach the server", text: `The connection was cut while joining the game with ${what(id)}; its seat is still being freed. Trying again.`, watch: false, retry: true };
    }
    return {
      title: "This game is full",
      text: `Every seat in the game with ${what(id)} is taken (or its round has started). You can watch it, or start your own game from the lobby.`,
      watch: !how.spectate,
    };
  }
  if (/moved to another device/i.test(raw)) {
    return {
      title: "Your seat moved to another device",
      text: `A device link moved your seat in the game with ${what(id)} to another device, and the game goes on there. Carry on on that device, watch the table here, or start a new game from the lobby.`,
      watch: true,
    };
  }
  if (/seat token|no longer held|no seat token/i.test(raw)) {
    return {
      title: "Your seat is gone",
      text: `Your seat in the game with ${what(id)} was given up or its game ended. You can watch the table, or start a new game from the lobby.`,
      watch: true,
    };
  }
  if (hubUnavailable(e) || /websocket/i.test(raw)) {
    return {
      title: "Could not reach the server",
      text: `We could not reach the game server to open ${what(id)}. Check your connection and try again.`,
      watch: false,
      retry: true,
    };
  }
  return {
    title: "Could not join",
    text: `The server refused to open the game with ${what(id)}: ${raw.replace(/\.?$/, ".")} Try again, or go back to the lobby.`,
    watch: !how.spectate,
  };
}

/** Why a typed room code is not one, or null when it is fine. */
export function codeProblem(raw: string): string | null {
  const code = raw.trim();
  if (code === "") return "Type the 5-letter room code from your friend's invite (like ABCDE).";
  if (!/^[A-Za-z]+$/.test(code)) return `"${code.slice(0, 12)}" is not a room code: codes are 5 letters, no digits or symbols (like ABCDE). Check the invite and type it again.`;
  if (code.length !== 5) return `"${code.slice(0, 12)}" has ${code.length} letter${code.length === 1 ? "" : "s"}: room codes have exactly 5 (like ABCDE). Check the invite and type it again.`;
  return null;
}
