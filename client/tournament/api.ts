// The tournament routes (docs/protocol.md "Tournaments"): the list and one tournament, their
// failures in the hub's words (a 404, the store down) or in ours (the network); never raw text.
import { cachedJson, HttpError } from "../net/cachedGet";
import { isOffline, OFFLINE } from "../net/retry";
import type { StandingRow, TournamentInfo } from "./words";

export interface TournamentList {
  upcoming: TournamentInfo[];
  running: TournamentInfo[];
  finished: TournamentInfo[];
}

/** A game of a tournament, with its stored game (its replay) once it ended. */
export interface PlayedGame {
  no: number;
  round: number;
  players: { id: string; name: string }[];
  results: Record<string, "win" | "draw" | "loss"> | null;
  gameId: number | null;
}

/** The top-ranked game being played (server/tournaments/featured.ts), watched with the spectator delay. */
export interface FeaturedGame {
  no: number;
  roomId: string;
  players: { id: string; name: string | null }[];
}

export interface TournamentDetail extends TournamentInfo {
  /** A player made it (a code, not listed): who. */
  private?: boolean;
  creator?: { id: string; name: string };
  finished: boolean;
  games: number;
  standings: StandingRow[];
  played?: PlayedGame[];
  featured?: FeaturedGame | null;
}

export class TournamentApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

async function get<T>(url: string, what: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { Accept: "application/json" } });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new TournamentApiError(isOffline() ? `${OFFLINE} ${what} shows again once you are back online.` : `The hub did not answer, so ${what} could not be loaded. It is asked again by itself.`, 0);
  }
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  if (!res.ok) {
    const words = typeof body?.message === "string" && body.message ? body.message : `Could not load ${what} just now; try again in a minute.`;
    throw new TournamentApiError(words, res.status);
  }
  return body as T;
}

/**
 * The list, kept a short while (cachedGet.ts): the lobby and every rated game's page show it,
 * and a player clicking from page to page asks it once.
 */
export async function fetchTournaments(): Promise<TournamentList> {
  try {
    return await cachedJson<TournamentList>("/api/tournaments");
  } catch (e) {
    // the hub's own words when it gave some (a 503 says the database is down), else ours
    if (e instanceof HttpError && !e.message.startsWith("/")) throw new TournamentApiError(e.message, e.status);
    throw new TournamentApiError(
      isOffline() ? `${OFFLINE} The tournaments show again once you are back online.` : "The hub did not answer, so the tournaments could not be loaded. They are asked again when this page shows next.",
      e instanceof HttpError ? e.status : 0,
    );
  }
}

export function fetchTournament(id: string, signal?: AbortSignal): Promise<TournamentDetail> {
  return get<TournamentDetail>(`/api/tournaments/${encodeURIComponent(id)}`, "this tournament", signal);
}
