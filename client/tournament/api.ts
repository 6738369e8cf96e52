// The tournament routes (docs/protocol.md "Tournaments"): the list and one tournament, their
// failures in the hub's words (a 404, the store down) or in ours (the network); never raw text.
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

export interface TournamentDetail extends TournamentInfo {
  finished: boolean;
  games: number;
  standings: StandingRow[];
  played?: PlayedGame[];
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

export function fetchTournaments(signal?: AbortSignal): Promise<TournamentList> {
  return get<TournamentList>("/api/tournaments", "the tournaments", signal);
}

export function fetchTournament(id: string, signal?: AbortSignal): Promise<TournamentDetail> {
  return get<TournamentDetail>(`/api/tournaments/${encodeURIComponent(id)}`, "this tournament", signal);
}
