// A tournament over HTTP (docs/protocol.md, "Tournaments"): `GET /api/tournaments/:id`, what it
// is and its standings from the store, for a page or anyone without a seat in its room (the
// room sends the same standings live to its entrants). Read only: tournaments are created by
// writing the store's row for now (docs/tournaments.md).

import express from "express";
import type { HomeStore } from "../store/HomeStore.js";
import { ipLimit } from "../api/ipLimit.js";
import { runOf } from "./runs.js";
import { FORGOTTEN_NAME } from "../store/HomeStore.js";

const TOURNAMENT_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function tournamentsApi(home: () => HomeStore | undefined, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const limited = ipLimit({ burst: 100, perSecond: 10 }, "Too many requests; wait a few seconds and try again.", now);

  router.get("/tournaments/:id", limited, async (req, res) => {
    const h = home();
    if (!h) return void res.status(503).json({ code: "unavailable", message: "This hub keeps no ratings, so it runs no tournaments." });
    const id = String(req.params.id);
    if (!TOURNAMENT_ID.test(id)) return void res.status(400).json({ code: "bad-id", message: "A tournament id is 1–40 letters, digits, - or _." });
    const record = await h.tournaments.load(id);
    if (!record) return void res.status(404).json({ code: "not-found", message: "There is no such tournament on this hub. Check the link." });
    const run = runOf(record);
    const rows = await Promise.all(run.standings().map(async (r) => ({ ...r, name: (await h.profile(r.id))?.name ?? FORGOTTEN_NAME })));
    const t = record.tournament;
    res.setHeader("Cache-Control", "no-store");
    res.json({ id: t.id, kind: t.kind, title: t.title, pool: t.pool, status: t.status, settings: t.config, finished: run.finished(now()), games: record.pairings.length, standings: rows });
  });
  return router;
}
