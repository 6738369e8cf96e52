// Tournaments over HTTP (docs/protocol.md, "Tournaments"): `GET /api/tournaments`, the
// upcoming, running and recently finished ones (bounded), and `GET /api/tournaments/:id`, what
// one is and its standings from the store, for a page or anyone without a seat in its room
// (the room sends the same standings live to its entrants). Read only: tournaments are created
// by the operator's schedule (schedule.ts) or by players (create.ts: private, never listed here).

import express from "express";
import type { HomeStore } from "../store/HomeStore.js";
import { ipLimit } from "../api/ipLimit.js";
import { runOf } from "./runs.js";
import { playableUntil } from "./schedule.js";
import { featuredGame } from "./featured.js";
import { FORGOTTEN_NAME } from "../store/HomeStore.js";
import type { TournamentRow } from "../store/TournamentStore.js";
import { answerStoreDown } from "../api/storeDown.js";
import { log } from "../ops/log.js";

/** At most this many of each list (the upcoming and running ones, the recently finished ones). */
export const LIST_LIMIT = 20;
/** A tournament's games listed with it (`played`), newest first. */
export const PLAYED_LIMIT = 200;

type When = "upcoming" | "running" | "finished";

/** Where a tournament stands at `now`: an arena by its window (one nobody joined stays "scheduled" in the store), else by its status. */
function whenOf(t: TournamentRow, now: number): When {
  const c = t.config as { startsAt?: unknown; endsAt?: unknown };
  if (t.status === "finished") return "finished";
  if (t.kind === "timed-arena" && typeof c.endsAt === "number" && typeof c.startsAt === "number") {
    return now >= c.endsAt ? "finished" : now >= c.startsAt ? "running" : "upcoming";
  }
  if (t.status === "running") return "running";
  // A Swiss nobody's room has started: upcoming until its start, then open to late entries until it would be called off.
  if (typeof c.startsAt === "number" && now >= c.startsAt) return now >= playableUntil(t) ? "finished" : "running";
  return "upcoming";
}

const TOURNAMENT_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** The store down: 503 in words with Retry-After (api/storeDown.ts); any other failure: 500 in words, logged. */
function failed(what: string, e: unknown, req: express.Request, res: express.Response): void {
  if (answerStoreDown(e, req, res, (code) => ({ code, message: "Tournaments are briefly unavailable (the hub cannot reach its database); try again in a minute." }))) return;
  log.error({ event: "tournament.error", what, err: e }, `could not ${what}`);
  if (!res.headersSent) res.status(500).json({ code: "internal", message: `Could not ${what} just now; try again in a minute.` });
}

export function tournamentsApi(home: () => HomeStore | undefined, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const limited = ipLimit({ burst: 100, perSecond: 10 }, "Too many requests; wait a few seconds and try again.", now);

  router.get("/tournaments", limited, async (req, res) => {
    const h = home();
    if (!h) return void res.status(503).json({ code: "unavailable", message: "This hub keeps no ratings, so it runs no tournaments." });
    try {
      const t = now();
      // Newest first, bounded: old unplayed slots never make the answer grow.
      const open = await h.tournaments.list(["scheduled", "running"], 5 * LIST_LIMIT);
      const done = await h.tournaments.list(["finished"], LIST_LIMIT);
      const lists: Record<When, TournamentRow[]> = { upcoming: [], running: [], finished: [] };
      for (const row of [...open, ...done]) lists[whenOf(row, t)].push(row);
      const shown = (rows: TournamentRow[], soonestFirst: boolean) =>
        rows
          .sort((a, b) => (soonestFirst ? a.createdAt - b.createdAt : b.createdAt - a.createdAt) || (a.id < b.id ? -1 : 1))
          .slice(0, LIST_LIMIT)
          .map((r) => ({ id: r.id, kind: r.kind, title: r.title, pool: r.pool, status: whenOf(r, t), settings: r.config }));
      res.setHeader("Cache-Control", "no-store");
      res.json({ upcoming: shown(lists.upcoming, true), running: shown(lists.running, true), finished: shown(lists.finished, false) });
    } catch (e) {
      failed("list the tournaments", e, req, res);
    }
  });

  router.get("/tournaments/:id", limited, async (req, res) => {
    const h = home();
    if (!h) return void res.status(503).json({ code: "unavailable", message: "This hub keeps no ratings, so it runs no tournaments." });
    const id = String(req.params.id);
    if (!TOURNAMENT_ID.test(id)) return void res.status(400).json({ code: "bad-id", message: "A tournament id is 1–40 letters, digits, - or _." });
    try {
      const record = await h.tournaments.load(id);
      if (!record) return void res.status(404).json({ code: "not-found", message: "There is no such tournament on this hub. Check the link." });
      const run = runOf(record);
      const rows = await Promise.all(run.standings().map(async (r) => ({ ...r, name: (await h.profile(r.id))?.name ?? FORGOTTEN_NAME })));
      const t = record.tournament;
      // Its games, newest first and bounded, each with its stored game (the replay) once scored.
      const names = new Map(rows.map((r) => [r.id, r.name]));
      const results = new Map(record.results.map((r) => [r.no, r]));
      const played = [...record.pairings]
        .sort((a, b) => b.no - a.no)
        .slice(0, PLAYED_LIMIT)
        .map((p) => ({
          no: p.no,
          round: p.round,
          players: p.players.map((id) => ({ id, name: names.get(id) ?? FORGOTTEN_NAME })),
          results: results.get(p.no)?.results ?? null,
          gameId: results.get(p.no)?.gameId ?? null,
        }));
      const featured = featuredGame(record.pairings.filter((p) => !results.has(p.no)), rows, (id) => names.get(id) ?? FORGOTTEN_NAME);
      res.setHeader("Cache-Control", "no-store");
      // A private one (a player made it: create.ts) says so and who made it (the page offers them Cancel, everyone its code).
      const made = t.creator ? { private: true, creator: { id: t.creator, name: (await h.profile(t.creator))?.name ?? FORGOTTEN_NAME } } : { private: false };
      res.json({ id: t.id, kind: t.kind, title: t.title, pool: t.pool, status: t.status, settings: t.config, finished: run.finished(now()), games: record.pairings.length, standings: rows, played, featured, ...made });
    } catch (e) {
      failed("read that tournament", e, req, res);
    }
  });
  return router;
}
