// A rated room: the players rated quick play matched (server/ratings/queue.ts), each with a
// seat ticket, and nobody else in its seats. The queue creates the room in its own process
// with a one-time nonce in the create options (a client cannot forge one, as a restore's);
// the nonce names the match: its pool and a ticket per player, bound to that player's
// profile. A player joins with their ticket (the seat reservation carries it), so the seat
// is bound to the matched profile whatever else the join says.

import { randomBytes } from "node:crypto";
import type { Configured } from "../../../common/core/game.js";
import { ratedPool, type RatedPool } from "../../../common/rated.js";
import { hashKey, isProfileKey } from "../../api/profileAuth.js";
import type { HomeStore } from "../../store/HomeStore.js";
import { HubRefusal } from "../base/errors.js";
import type { JoinRequest } from "../base/seats.js";

export interface MatchedPlayer {
  profileId: string;
  name: string;
  /** Their rating when matched (shown while waiting for the others). */
  mu: number;
  ticket: string;
}

/** The tournament game a rated room plays (server/tournaments/): its id and the game's number there. */
export interface TournamentGame {
  id: string;
  game: number;
  /** Berserk counts there (an arena; server/rooms/game/berserk.ts). */
  berserk: boolean;
}

export interface Match {
  pool: string;
  players: MatchedPlayer[];
  /** A tournament's game (its director made the match); absent: rated quick play. */
  tournament?: TournamentGame;
}

/** Create-option key of a rated room; its value is a one-time nonce. */
export const RATED_OPTION = "__rated";
/** Create-option key the room log keeps (a restore trusts its own log). */
export const RATED_POOL_OPTION = "ratedPool";
/** Create-option key of a tournament's game ({id, game}), kept by the room log like the pool; read only with a nonce or from the log. */
export const TOURNAMENT_OPTION = "tournamentGame";

const pending = new Map<string, Match>();

export function newTicket(): string {
  return randomBytes(16).toString("base64url");
}

/** The create options of the room a match is played in (the pool's options, its seats, the nonce). */
export function ratedRoomOptions(pool: RatedPool, match: Match): Record<string, unknown> {
  const nonce = randomBytes(16).toString("hex");
  pending.set(nonce, match);
  // A nonce never used (the create failed) is dropped after a minute.
  setTimeout(() => pending.delete(nonce), 60_000).unref?.();
  return { ...pool.options, seats: match.players.length, [RATED_OPTION]: nonce, [RATED_POOL_OPTION]: pool.id, ...(match.tournament ? { [TOURNAMENT_OPTION]: match.tournament } : {}) };
}

/** The match a create is for, if its options carry a live nonce (used once). */
export function takeMatch(options: Record<string, unknown>): Match | null {
  const nonce = options[RATED_OPTION];
  if (typeof nonce !== "string") return null;
  const match = pending.get(nonce) ?? null;
  pending.delete(nonce);
  return match;
}

/** What a rated room knows: its pool, and the tickets still to be used. */
export class RatedTable {
  private readonly unused = new Map<string, MatchedPlayer>();
  /** The matched profiles in match order: room seat k is the k-th's. */
  private readonly order: string[];

  constructor(
    readonly pool: RatedPool,
    players: readonly MatchedPlayer[],
    /** A tournament's game; null: rated quick play. */
    readonly tournament: TournamentGame | null = null,
  ) {
    for (const p of players) this.unused.set(p.ticket, p);
    this.order = players.map((p) => p.profileId);
  }

  /** The room seat a matched profile sits in (its place in the match), −1 for anyone else. */
  seatOf(profileId: string): number {
    return this.order.indexOf(profileId);
  }

  /** A room rebuilt from its log: rated, with no tickets left (everyone rejoins by seat token). */
  static restored(options: Record<string, unknown>): RatedTable | null {
    const pool = typeof options[RATED_POOL_OPTION] === "string" ? ratedPool(options[RATED_POOL_OPTION] as string) : undefined;
    return pool ? new RatedTable(pool, [], tournamentGameOf(options[TOURNAMENT_OPTION])) : null;
  }

  /** The matched player a ticket seats (used once), or null. */
  admit(ticket: string | undefined): MatchedPlayer | null {
    if (!ticket) return null;
    const p = this.unused.get(ticket) ?? null;
    this.unused.delete(ticket);
    return p;
  }

  /** Matched players who have not come yet. */
  get waitingFor(): number {
    return this.unused.size;
  }
}

/** A rated room: a restore's (its log says so) or a match's (its nonce); null: casual. */
export function ratedTableFor(options: Record<string, unknown>, restore: boolean, configured: Configured<unknown>, gameId: string): RatedTable | null {
  if (restore) return RatedTable.restored(options);
  const match = takeMatch(options);
  const pool = match ? ratedPool(match.pool) : undefined;
  if (!match || !pool) return null;
  if (configured.bots > 0 || configured.mode === "solo") throw new Error(`${gameId}: a rated room was asked for bots`);
  return new RatedTable(pool, match.players, match.tournament ?? null);
}

function tournamentGameOf(v: unknown): TournamentGame | null {
  const t = v as Partial<TournamentGame> | null | undefined;
  return t && typeof t.id === "string" && Number.isInteger(t.game) ? { id: t.id, game: t.game!, berserk: t.berserk === true } : null;
}

/**
 * The profile a join plays for: in a rated room the ticket's (anyone without one is refused a
 * seat), elsewhere the one its profile key names (an unknown key joins without a profile).
 */
export async function joiningProfile(request: JoinRequest, newSeat: boolean, rated: RatedTable | null, home: HomeStore | undefined): Promise<string | null> {
  if (rated && newSeat) {
    const matched = rated.admit(request.ratedTicket);
    if (!matched) throw new HubRefusal("rated-only", "This is a rated game between the players rated quick play matched. Find your own with Rated quick play, or watch this one as a spectator.");
    return matched.profileId;
  }
  if (!home || request.spectate || !isProfileKey(request.profileKey)) return null;
  const profile = await home.profileByKey(hashKey(request.profileKey)).catch(() => null);
  return profile?.id ?? null;
}
