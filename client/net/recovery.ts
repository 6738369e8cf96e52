// Getting a dropped room back: the one algorithm the page runs (RoomSession, session.ts) and
// the chaos test's players run too (test/helpers/chaosPlayer.ts), so what the test proves
// on a lossy link is what a browser does.
//
//   drop (socket closed without our consent)
//     → client.reconnect(latest reconnectionToken), exponential backoff + jitter
//     → past the server's window (token refused): joinById(roomId, {seatToken})
//     → the room not there (yet): a restarting server restores it from its log, so keep
//       trying for ROOM_RETURN_MS after the drop before calling the seat lost
//     → the seat token refused (seat given away): "seat lost"
// Network trouble (no answer, a socket cut before its join completed) is never a refusal:
// it is tried again, for as long as the player stays.
import { MatchMakeError, ServerError } from "colyseus.js";
import { cannotSaveNow, errorText } from "./joinErrors.js";
import { reconnectDelayMs } from "./retry.js";

/** True when the server itself refused (room gone, token/seat refused) rather than the network failing. */
export function isRefusal(e: unknown): boolean {
  if (e instanceof MatchMakeError) return true;
  if (e instanceof ServerError) return typeof e.code === "number" && e.code >= 4000 && e.code < 5000;
  return false;
}

/** Attempts after which a still-unreachable server is shown as "offline" (we keep retrying). */
const OFFLINE_AFTER = 6;
/** Consecutive refusals of the seat-token rejoin before we call the seat lost. */
const REFUSALS_BEFORE_LOST = 2;
/**
 * How long a room that is "not found" is waited for after a drop: a restarted server (or,
 * with several, another process) brings it back from its log within seconds.
 */
export const ROOM_RETURN_MS = 60_000;

/** A refusal that only says the room is not there (now): a restarting server may still bring it back. */
export function roomNotThereYet(e: unknown): boolean {
  return /not found|is locked|disposed|not available|already full/i.test(errorText(e)) && !/seat token|no longer held/i.test(errorText(e));
}

/** The rejoin has nothing to rejoin with (no seat token stored): the seat is lost at once. */
export class SeatLost extends Error {}

/** What a recovery needs of its page (or of a test's player). */
export interface RecoverySteps<R> {
  /** `client.reconnect(token)` with the latest reconnection token. */
  reconnect(): Promise<R>;
  /** Past the reconnection window: joinById with the seat token (throws SeatLost without one). */
  rejoin(): Promise<R>;
  /** Waits `ms` (a page may cut it short: "Try again now", back online). */
  sleep(ms: number): Promise<void>;
  /** The player left meanwhile: stop trying. */
  stopped(): boolean;
  /** The device says it has no network at all (navigator.onLine === false). */
  offline(): boolean;
  /** Attempt `attempt` is about to wait and try (`offline`: say "offline", not "reconnecting"). */
  attempting(attempt: number, offline: boolean): void;
}

/** The room back (`room`), the seat lost (`lost`: why, in the server's words), or null: stopped. */
export type Recovered<R> = { room: R } | { lost: string } | null;

/**
 * Tries until the room is back, the seat is lost, or `steps.stopped()`. `closeCode` 4000 (the
 * server closed the room on purpose: disposed, shut down) leaves no reconnection window to
 * use: straight to the seat token (a restarted server may have rebuilt the room).
 */
export async function recoverRoom<R>(closeCode: number, hasReconnectionToken: boolean, steps: RecoverySteps<R>): Promise<Recovered<R>> {
  let useToken = closeCode !== 4000 && hasReconnectionToken;
  let refusals = 0;
  const droppedAt = Date.now();
  for (let attempt = 1; !steps.stopped(); attempt++) {
    const offline = steps.offline();
    steps.attempting(attempt, offline || attempt > OFFLINE_AFTER);
    await steps.sleep(attempt === 1 ? 150 + Math.random() * 150 : reconnectDelayMs(attempt, Date.now() - droppedAt));
    if (steps.stopped()) return null;
    if (offline && steps.offline()) continue;
    try {
      return { room: useToken ? await steps.reconnect() : await steps.rejoin() };
    } catch (e) {
      if (!isRefusal(e) && !(e instanceof SeatLost)) continue; // network trouble: keep trying
      if (useToken) {
        useToken = false; // window passed: fall back to the seat token right away
        attempt = 0;
        continue;
      }
      // The room is not there yet: the server may be restoring it. Keep trying a while.
      if (!(e instanceof SeatLost) && roomNotThereYet(e) && Date.now() - droppedAt < ROOM_RETURN_MS) continue;
      // The server cannot save right now (disk full): the seat is still ours, keep trying.
      if (!(e instanceof SeatLost) && cannotSaveNow(e)) continue;
      if (e instanceof SeatLost || ++refusals >= REFUSALS_BEFORE_LOST) return { lost: errorText(e) };
    }
  }
  return null;
}
