// What the tournament pages say, as plain functions (test/common/tournament.words.test.ts):
// what a tournament is ("Arena · 30 minutes"), how long until it starts or ends, a player's
// state, and every refusal of the tournament room in words with what to do next. No DOM here.
import { ratedPool } from "../../common/rated.js";
import { hubUnavailable } from "../net/retry.js";

/** A tournament as GET /api/tournaments and /api/tournaments/:id describe it. */
export interface TournamentInfo {
  id: string;
  kind: string;
  title: string;
  pool: string;
  status: "upcoming" | "running" | "finished" | "scheduled";
  settings: { startsAt?: number; endsAt?: number; rounds?: number; tableSize?: number; cancelled?: boolean };
}

/** A standings row (an arena's or a Swiss's figures; the room and the API send the same). */
export interface StandingRow {
  rank: number;
  id: string;
  name: string | null;
  score: number;
  games?: number;
  wins: number;
  onStreak?: boolean;
  buchholz?: number;
  sonnebornBerger?: number;
  withdrawn: boolean;
}

/** The game a tournament's pool is played in, as players name it (the pool's title: "Connect Four"). */
export function gameOf(pool: string): string {
  return ratedPool(pool)?.title ?? pool;
}

export const isArena = (t: Pick<TournamentInfo, "kind">): boolean => t.kind !== "swiss";

/** "Arena", "Swiss" — the kind as a player reads it. */
export function kindText(t: Pick<TournamentInfo, "kind">): string {
  return isArena(t) ? "Arena" : "Swiss";
}

/** "3 h 05 min", "4 min 20 s", "12 s": a duration as a countdown says it. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400);
  const hrs = Math.floor((s % 86400) / 3600);
  const min = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} day${d === 1 ? "" : "s"} ${hrs} h`;
  if (hrs > 0) return `${hrs} h ${String(min).padStart(2, "0")} min`;
  if (min > 0) return `${min} min ${String(sec).padStart(2, "0")} s`;
  return `${sec} s`;
}

/** How long it runs or how many rounds: "30 minutes", "5 rounds". */
export function formatText(t: TournamentInfo): string {
  const c = t.settings;
  if (isArena(t) && typeof c.startsAt === "number" && typeof c.endsAt === "number") {
    const min = Math.round((c.endsAt - c.startsAt) / 60_000);
    return min >= 120 && min % 60 === 0 ? `${min / 60} hours` : `${min} minute${min === 1 ? "" : "s"}`;
  }
  return typeof c.rounds === "number" ? `${c.rounds} round${c.rounds === 1 ? "" : "s"}` : "";
}

/** Where it stands at `now`, in a line: "Ends in 12 min 04 s", "Starts in 3 min 20 s", "Finished". */
export function whenText(t: TournamentInfo, now: number, finished = t.status === "finished"): string {
  const c = t.settings;
  if (finished) return "Finished";
  if (typeof c.startsAt === "number" && now < c.startsAt) return `Starts in ${durationText(c.startsAt - now)}`;
  if (isArena(t) && typeof c.endsAt === "number") {
    return now < c.endsAt ? `Ends in ${durationText(c.endsAt - now)}` : "Time is up: the last games are being played";
  }
  return "Running";
}

/** A Swiss still short of two entrants this long after its start is called off (server/tournaments/runs.ts). */
export const SWISS_CALL_OFF_MS = 10 * 60_000;

/**
 * May a player join now (an arena until its window closes, a Swiss before its start, or after
 * it while round 1 is not paired (`games` 0: too few had entered) and it is not called off)?
 */
export function joinOpen(t: TournamentInfo & { games?: number }, now: number, finished = t.status === "finished"): boolean {
  if (finished) return false;
  const c = t.settings;
  if (isArena(t)) return typeof c.endsAt !== "number" || now < c.endsAt;
  if (typeof c.startsAt !== "number" || now < c.startsAt) return true;
  return t.games === 0 && now < c.startsAt + SWISS_CALL_OFF_MS;
}

/** What leaving means, said before the player confirms. */
export function leaveWarning(t: Pick<TournamentInfo, "kind">): string {
  return isArena(t)
    ? "You will not be paired again until you join again. Your points so far stay in the standings, and you can come back while the arena runs."
    : "Leaving a Swiss is final: you will not be paired again and cannot come back. Your games so far stay in the standings.";
}

/** A row's points as read aloud and shown: "4", "2½". */
export function pointsText(score: number): string {
  const whole = Math.floor(score);
  const half = score - whole >= 0.5;
  return half ? (whole ? `${whole}½` : "½") : String(whole);
}

/** What the tournament room's refusal (a join or a reconnection) means, and what to do next; never the library's text. */
export function refusalText(code: string | undefined, message: string | undefined, t?: Pick<TournamentInfo, "kind">): string {
  const words = (message ?? "").trim();
  switch (code) {
    case "closed":
      // the director's own sentence for why (ended, started, left): it came with its code
      return words || "This tournament cannot be joined now; its standings stay on this page.";
    case "run-elsewhere":
      return "Another server is taking this tournament over just now. Press Join again in a few seconds.";
    case "no-tournament":
      return "There is no such tournament on this hub. Pick one from the lobby's tournament list.";
    case "no-pool":
      return "This tournament's game is not rated on this hub any more, so it cannot be played. Pick another from the lobby.";
    case "no-profile":
    case "profile-unknown":
      return "Tournaments need a profile, and this browser's could not be used. Open the lobby once (it makes one), then press Join again.";
    case "store-unavailable":
    case "unavailable":
    case "hub-unavailable":
    case "hub-restarting":
      return "Tournaments are briefly unavailable: the hub cannot reach its database. Press Join again in a minute.";
    case "full":
      return "This tournament is full. Follow its standings here, or pick another from the lobby.";
    case "network":
      return "The hub did not answer: check your connection, then press Join again.";
  }
  // any other refusal (a code this page does not know, library text): our words, never its text
  return `Could not join this ${t ? kindText(t).toLowerCase() : "tournament"} just now. Press Join again in a moment.`;
}

/**
 * The refusal code of a failed join: the one the hub sent (`JoinRefused.reason`, client/net/
 * client.ts `matchmake`), "network" when the hub could not be reached (retry.ts
 * `hubUnavailable`), else none. Never guessed from the sentence.
 */
export function refusalCode(e: unknown): string | undefined {
  const reason = (e as { reason?: unknown } | null)?.reason;
  if (typeof reason === "string" && reason) return reason;
  if (hubUnavailable(e) || e instanceof TypeError || (typeof e === "object" && e !== null && "type" in e)) return "network";
  return undefined;
}
