// Daily challenges and the season from the hub (docs/protocol.md, "Daily challenges and
// seasons"): today's challenges with a profile's streak and results, a day's and a month's
// tables, and starting one's own try (the seat reservation of its room).
import { cachedJson, HttpError } from "./cachedGet";
import { api } from "./profile";
import { openReserved, type RoomSession } from "./session";

export interface TodayEntry {
  game: string;
  title: string;
  played: boolean;
  finished?: boolean;
  outcome?: string;
  place?: number;
  of?: number;
}

export interface Today {
  day: string;
  month: string;
  nextAt: number;
  games: { game: string; title: string }[];
  profile?: { id: string; streak: number; today: TodayEntry[] };
}

export interface SeasonAnswer {
  month: string;
  players: number;
  rows: { place: number; profileId: string; name: string; points: number; events: number }[];
  you?: { place: number | null; points: number; events: number };
}

export interface DayTable {
  game: string;
  title: string;
  day: string;
  finished: number;
  rows: { place: number; profileId: string; name: string; outcome: string; gameId?: number }[];
}

/**
 * Today's challenges, kept a short while (cachedGet.ts): the lobby asks each time it shows, and a
 * player clicking from tile to tile and back asked it once a visit. Joining a room forgets it,
 * so a challenge just played shows as played.
 */
export async function today(profile?: string): Promise<Today> {
  try {
    return await cachedJson<Today>(`/api/daily${profile ? `?profile=${encodeURIComponent(profile)}` : ""}`, { auth: true });
  } catch (e) {
    // the hub's own words when it gave some, never the address and a status
    if (e instanceof HttpError && e.message.startsWith("/")) throw new Error(`The hub did not answer (${e.status}). Today's challenges are asked again when the lobby shows next.`);
    throw e;
  }
}
export const seasonOf = (month: string, profile?: string, limit = 20): Promise<SeasonAnswer> =>
  api(`/api/season/${encodeURIComponent(month)}?limit=${limit}${profile ? `&profile=${encodeURIComponent(profile)}` : ""}`);
export const dayTable = (game: string, day: string, limit = 20): Promise<DayTable> => api(`/api/daily/${encodeURIComponent(game)}/${encodeURIComponent(day)}?limit=${limit}`);

/** This browser's profile's try at today's challenge of `game`: its room, entered. */
export async function startDaily(game: string): Promise<RoomSession> {
  const r = (await api(`/api/daily/${encodeURIComponent(game)}/start`, { method: "POST" })) as { reservation: unknown };
  return openReserved(game, r.reservation);
}
