// Daily challenges and the season over HTTP (docs/protocol.md, "Daily challenges and seasons"):
//   GET  /api/daily[?profile=ID]          today's challenges (the games that have one); with a
//                                         profile, its streak and which it played today
//   POST /api/daily/:game/start           (Authorization: Bearer <key>) the profile's one try at
//                                         today's game: a seat reservation in its own room
//   GET  /api/daily/:game/:day[?limit&profile]  a day's table (best first), bounded, + that profile's row
//   GET  /api/season/:month[?limit&profile]     a month's season table, bounded, + that profile's row
// Generic: the games come from the registry's `daily` parts (server/games.ts), named by room.

import express from "express";
import { matchMaker } from "@colyseus/core";
import { DAY_RE, dayOf, dayStart, monthOf, MONTH_RE, nextDayAt, placesOf, streakOf } from "../../common/daily.js";
import { GAMES } from "../../common/games.js";
import { FORGOTTEN_NAME, type HomeStore } from "../store/HomeStore.js";
import type { DailyEntry } from "../store/DailyStore.js";
import { ipLimit } from "../api/ipLimit.js";
import { PROFILE_ID, profileOr401, requestKey } from "../api/profileAuth.js";
import { answerStoreDown } from "../api/storeDown.js";
import { dailyRoomOptions } from "../rooms/game/dailyRoom.js";
import { log } from "../ops/log.js";
import { dailySecret, daySeed } from "./seed.js";
import { season } from "./season.js";

/** A game with a daily challenge: its room name and the day's room options (RoomEntry.daily). */
export interface DailyGame {
  game: string;
  options: Record<string, string | number | boolean>;
}

export const TABLE_DEFAULT = 20;
export const TABLE_MAX = 100;
/** Days of a streak read back (a longer one shows as this many). */
export const STREAK_MAX = 400;

const titleOf = (game: string) => GAMES.find((d) => (d.room ?? d.id) === game)?.title ?? game;

function hoursUntil(at: number, now: number): string {
  const h = Math.max(0, Math.ceil((at - now) / 3_600_000));
  return h <= 1 ? "within the hour" : `in about ${h} hours`;
}

/** The routes' clock (tests move it across days; the rooms keep their own). */
export const dailyClock = { now: (): number => Date.now() };

export function dailyApi(home: () => HomeStore | undefined, games: readonly DailyGame[], now: () => number = () => dailyClock.now()): express.Router {
  const router = express.Router();
  const limited = ipLimit({ burst: 60, perSecond: 5 }, "Too many requests; wait a few seconds and try again.", now);
  const starts = ipLimit({ burst: 10, perSecond: 0.5 }, "Too many challenges started from here; wait a minute and try again.", now);
  const known = (game: string) => games.find((g) => g.game === game);
  const gameWords = `The daily challenges are ${games.map((g) => `${titleOf(g.game)} (${g.game})`).join(", ")}.`;

  /** The store down: 503 in words (answerStoreDown); anything else: 500 in words, logged. */
  function failed(what: string, e: unknown, req: express.Request, res: express.Response): void {
    if (answerStoreDown(e, req, res, (code) => ({ code, message: "Daily challenges and seasons are briefly unavailable (the hub cannot reach its database); try again in a minute." }))) return;
    log.error({ event: "daily.error", what, err: e }, `could not ${what}`);
    if (!res.headersSent) res.status(500).json({ code: "internal", message: `Could not ${what} just now; try again in a minute.` });
  }

  /** The store, or an answer in words that there is none. */
  function storeOf(res: express.Response): HomeStore | null {
    const h = home();
    if (!h) res.status(503).json({ code: "unavailable", message: "This hub keeps no profiles, so it runs no daily challenges or seasons." });
    return h ?? null;
  }

  /** `limit` and `profile` of a table's query, or a worded refusal (null). */
  function tableQuery(req: express.Request, res: express.Response): { limit: number; profile: string | null } | null {
    const limit = req.query.limit === undefined ? TABLE_DEFAULT : Number(req.query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > TABLE_MAX) {
      res.status(400).json({ code: "bad-limit", message: `limit is a whole number from 1 to ${TABLE_MAX}.` });
      return null;
    }
    const profile = req.query.profile === undefined ? null : String(req.query.profile);
    if (profile !== null && !PROFILE_ID.test(profile)) {
      res.status(400).json({ code: "bad-profile", message: "A profile id is 12 letters, digits, - or _ (the end of a profile page's address)." });
      return null;
    }
    return { limit, profile };
  }

  const nameOf = async (h: HomeStore, id: string) => (await h.profile(id))?.name ?? FORGOTTEN_NAME;

  router.get("/daily", limited, async (req, res) => {
    const h = storeOf(res);
    if (!h) return;
    const profile = req.query.profile === undefined ? null : String(req.query.profile);
    if (profile !== null && !PROFILE_ID.test(profile)) return void res.status(400).json({ code: "bad-profile", message: "A profile id is 12 letters, digits, - or _ (the end of a profile page's address)." });
    try {
      const t = now();
      const day = dayOf(t);
      const body: Record<string, unknown> = { day, month: monthOf(t), nextAt: nextDayAt(t), games: games.map((g) => ({ game: g.game, title: titleOf(g.game) })) };
      if (profile) {
        const entries = await h.daily.entriesOf(profile, day);
        const today = await Promise.all(
          games.map(async (g) => {
            const e = entries.find((x) => x.game === g.game);
            return { game: g.game, title: titleOf(g.game), ...(await entryWords(h, e)) };
          }),
        );
        body.profile = { id: profile, streak: streakOf(await h.daily.daysPlayed(profile, STREAK_MAX), day), today };
      }
      res.setHeader("Cache-Control", "no-store");
      res.json(body);
    } catch (e) {
      failed("read today's challenges", e, req, res);
    }
  });

  /** An entry as a profile page shows it: not played, started (no result: left, or still playing), or its result and place. */
  async function entryWords(h: HomeStore, e: DailyEntry | undefined): Promise<Record<string, unknown>> {
    if (!e) return { played: false };
    if (e.score === null) return { played: true, finished: false };
    const { finished, better } = await h.daily.counts(e.day, e.game, e.score);
    return { played: true, finished: true, outcome: e.outcome, place: better + 1, of: finished };
  }

  router.post("/daily/:game/start", starts, async (req, res) => {
    const h = storeOf(res);
    if (!h) return;
    const game = String(req.params.game);
    const g = known(game);
    if (!g) return void res.status(404).json({ code: "no-challenge", message: `There is no daily challenge for "${game.slice(0, 40)}". ${gameWords}` });
    let claimed: { day: string; profileId: string } | null = null;
    try {
      const me = await profileOr401(req, res, h, {
        missing: "A daily challenge counts for a profile: open the hub in this browser first (it makes one), then press Play again.",
        unknown: "This browser's profile is not on this hub (forgotten, or made elsewhere). Reload the page to get a new one, then press Play again.",
      });
      if (!me) return;
      const t = now();
      const day = dayOf(t);
      if (!(await h.daily.claim({ day, game, profileId: me.id, startedAt: t }))) {
        return void res.status(409).json({
          code: "played-today",
          message: `You have had today's ${titleOf(game)} challenge: one try a day, and leaving it counts as your try. The next one opens at 00:00 UTC, ${hoursUntil(nextDayAt(t), t)}.`,
        });
      }
      claimed = { day, profileId: me.id };
      const seed = daySeed(await dailySecret(h.daily), game, day);
      // Made in this process (the nonce lives here), as rated quick play makes its rooms.
      const room = await matchMaker.handleCreateRoom(game, dailyRoomOptions({ ...g.options, private: true }, { day, game, profileId: me.id }, seed));
      await h.daily.setRoom(day, game, me.id, room.roomId);
      const reservation = await matchMaker.reserveSeatFor(room, { name: me.name, profileKey: requestKey(req) });
      res.setHeader("Cache-Control", "no-store");
      res.json({ game, day, roomId: room.roomId, reservation });
    } catch (e) {
      // Nothing of the day's game was shown: the try is given back.
      if (claimed) await h.daily.unclaim(claimed.day, game, claimed.profileId).catch(() => undefined);
      failed("start today's challenge", e, req, res);
    }
  });

  router.get("/daily/:game/:day", limited, async (req, res) => {
    const h = storeOf(res);
    if (!h) return;
    const game = String(req.params.game);
    if (!known(game)) return void res.status(404).json({ code: "no-challenge", message: `There is no daily challenge for "${game.slice(0, 40)}". ${gameWords}` });
    const day = String(req.params.day);
    if (!DAY_RE.test(day) || Number.isNaN(dayStart(day))) return void res.status(400).json({ code: "bad-day", message: "A day is written YYYY-MM-DD (UTC), for example 2026-12-07." });
    const q = tableQuery(req, res);
    if (!q) return;
    try {
      const t = now();
      // Replays of a day still running would show its board: linked once the day is over.
      const over = dayStart(day) + 86_400_000 <= t;
      const rows = await h.daily.table(day, game, q.limit);
      const places = placesOf(rows, (r) => r.score);
      const { finished } = await h.daily.counts(day, game, null);
      const shown = await Promise.all(rows.map(async (r, i) => ({ place: places[i], profileId: r.profileId, name: await nameOf(h, r.profileId), outcome: r.outcome, ...(over && r.gameId ? { gameId: r.gameId } : {}) })));
      const body: Record<string, unknown> = { game, title: titleOf(game), day, finished, rows: shown };
      if (q.profile) {
        const e = await h.daily.entry(day, game, q.profile);
        body.you = { profileId: q.profile, ...(await entryWords(h, e ?? undefined)) };
      }
      res.setHeader("Cache-Control", "no-store");
      res.json(body);
    } catch (e) {
      failed("read that day's table", e, req, res);
    }
  });

  router.get("/season/:month", limited, async (req, res) => {
    const h = storeOf(res);
    if (!h) return;
    const month = String(req.params.month);
    if (!MONTH_RE.test(month)) return void res.status(400).json({ code: "bad-month", message: "A month is written YYYY-MM (UTC), for example 2026-12." });
    const q = tableQuery(req, res);
    if (!q) return;
    try {
      const table = await season(h, month, now());
      const rows = await Promise.all(table.slice(0, q.limit).map(async (r) => ({ ...r, name: await nameOf(h, r.profileId) })));
      const body: Record<string, unknown> = { month, players: table.length, rows };
      if (q.profile) {
        const mine = table.find((r) => r.profileId === q.profile);
        body.you = mine ? { ...mine, name: await nameOf(h, mine.profileId) } : { profileId: q.profile, place: null, points: 0, events: 0 };
      }
      res.setHeader("Cache-Control", "no-store");
      res.json(body);
    } catch (e) {
      failed("read the season", e, req, res);
    }
  });

  return router;
}
