// A daily challenge's room (docs/tournaments.md, "Daily challenges"): the day's game of one
// profile. The daily route (server/daily/start.ts) creates it in its own process with a one-time
// nonce in the create options (a client cannot forge one, as a rated room's), naming the day,
// the game, the profile and the day's seed. The room plays its first game from that seed,
// seats that profile only, and writes the game's result into the profile's entry once (the
// game's `daily.score`). The seed is never in the options a room log keeps: a restored room
// replays its game from the log's own seed, and knows the day and profile from `dailyOf`.

import { randomBytes } from "node:crypto";
import type { TypedMove } from "../../../common/core/game.js";
import { DAY_RE } from "../../../common/daily.js";
import type { HomeStore } from "../../store/HomeStore.js";
import { log } from "../../ops/log.js";
import { HubRefusal } from "../base/errors.js";
import type { DailyRule, RecordInfo } from "./parts.js";

/** Create-option key of a daily room; its value is a one-time nonce. */
export const DAILY_OPTION = "__daily";
/** Create-option key the room log keeps: the day, game and profile (a restore trusts its own log). */
export const DAILY_OF_OPTION = "dailyOf";

export interface DailyOf {
  day: string;
  /** The room name the challenge is of (the registry's game). */
  game: string;
  profileId: string;
}

const pending = new Map<string, DailyOf & { seed: string }>();

/** The create options of a profile's daily room: the game's own, the nonce, and who and when it is for. */
export function dailyRoomOptions(options: Record<string, unknown>, of: DailyOf, seed: string): Record<string, unknown> {
  const nonce = randomBytes(16).toString("hex");
  pending.set(nonce, { ...of, seed });
  // A nonce never used (the create failed) is dropped after a minute.
  setTimeout(() => pending.delete(nonce), 60_000).unref?.();
  return { ...options, [DAILY_OPTION]: nonce, [DAILY_OF_OPTION]: { ...of } };
}

function dailyOf(v: unknown): DailyOf | null {
  const o = v as Partial<DailyOf> | null;
  if (!o || typeof o !== "object" || typeof o.day !== "string" || !DAY_RE.test(o.day) || typeof o.game !== "string" || typeof o.profileId !== "string") return null;
  return { day: o.day, game: o.game, profileId: o.profileId };
}

/** What a daily room knows: whose day's game it is, its seed (not after a restore), whether its result is in. */
export class DailyTable {
  private written = false;

  constructor(
    readonly of: DailyOf,
    private readonly seed: string | null,
  ) {}

  /**
   * A daily room: a match's nonce (used once), or a restore's log. Options naming a day
   * without a live nonce are a client's: refused, so no one plays a room that looks daily.
   */
  static for(options: Record<string, unknown>, restore: boolean): DailyTable | null {
    if (restore) {
      const of = dailyOf(options[DAILY_OF_OPTION]);
      return of ? new DailyTable(of, null) : null;
    }
    const nonce = options[DAILY_OPTION];
    if (nonce === undefined && options[DAILY_OF_OPTION] === undefined) return null;
    const ticket = typeof nonce === "string" ? pending.get(nonce) : undefined;
    if (typeof nonce === "string") pending.delete(nonce);
    if (!ticket) throw new HubRefusal("daily-only", "A daily challenge is started from its Play button (on your profile or in the lobby), not with room options.");
    return new DailyTable({ day: ticket.day, game: ticket.game, profileId: ticket.profileId }, ticket.seed);
  }

  /** The seed of game `gameNo`: the day's for the first, null (a fresh one) for any after. */
  seedOf(gameNo: number): string | null {
    return gameNo === 1 ? this.seed : null;
  }

  /** Only the profile whose challenge it is takes a seat. */
  admit(profileId: string | null | undefined): void {
    if (profileId !== this.of.profileId) throw new HubRefusal("daily-only", "This is someone else's daily challenge. Start your own from your profile or the lobby.");
  }

  /**
   * The first game's record: its score into the profile's entry (the store keeps the first),
   * its stored game id when known now, else when the store writes it (`saved`).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  recorded<S, M extends TypedMove, C>(home: HomeStore | undefined, rule: DailyRule<S, M, C> | undefined, info: RecordInfo<S, M, C>, gameNo: number, id: number | null): void {
    if (!home || !rule || gameNo !== 1 || this.written) return;
    this.written = true;
    const seat = Math.max(0, info.people.indexOf(true));
    const { score, text } = rule.score(info, seat);
    const { day, game, profileId } = this.of;
    home.daily
      .finish(day, game, profileId, { score, outcome: text, gameId: id !== null && id > 0 ? id : null, finishedAt: info.now })
      .catch((e) => log.error({ event: "daily.result.failed", day, game, err: e }, "could not record a daily challenge's result"));
  }

  /** A record the store could only queue is written: its id into the entry. */
  saved(home: HomeStore | undefined, gameNo: number, id: number): void {
    if (!home || gameNo !== 1 || id <= 0) return;
    const { day, game, profileId } = this.of;
    home.daily.setGame(day, game, profileId, id).catch((e) => log.error({ event: "daily.result.failed", day, game, err: e }, "could not link a daily challenge's replay"));
  }
}
