// Private tournaments players make (docs/tournaments.md, "Private tournaments"; routes in
// docs/protocol.md, "Tournaments"):
//   POST   /api/tournaments        (Bearer key) {pool, kind, minutes | rounds, startsIn}: a new
//                                  arena or Swiss in a rated pool; its id is a 5-letter code
//   GET    /api/tournaments/mine   (Bearer key) the caller's tournaments that are not over
//   DELETE /api/tournaments/:id    (Bearer key) its creator cancels it before it starts
// A private tournament is a store row like the operator's (its `creator` set), run by the same
// director, never in the public list; whoever has its code (its page's address) can join.
// Bounded: every field, a per-profile and a hub-wide count of open ones, a per-address rate.

import { randomBytes } from "node:crypto";
import express from "express";
import { matchMaker } from "@colyseus/core";
import { RATED_POOLS, ratedPool } from "../../common/rated.js";
import { ipLimit } from "../api/ipLimit.js";
import { profileOr401 } from "../api/profileAuth.js";
import { answerStoreDown } from "../api/storeDown.js";
import { randomCode } from "../rooms/base/privateCodes.js";
import type { HomeStore, Profile } from "../store/HomeStore.js";
import type { TournamentRow } from "../store/TournamentStore.js";
import { log } from "../ops/log.js";
import { TOURNAMENT_ROOM } from "./TournamentDirector.js";

/** Bounds of what a player may make (each refused in words outside them). */
export const PRIVATE_LIMITS = {
  arenaMinutes: { min: 5, max: 180 },
  rounds: { min: 1, max: 9 },
  /** Minutes from now to its start. */
  startsIn: { min: 0, max: 1440 },
  /** Open (not over) tournaments one profile may have made. */
  perProfile: 3,
  /** Open private tournaments on the whole hub. */
  hubWide: 500,
  /** A tournament stops counting as open this long after its start, whatever its status (one left running by a room nobody is in). */
  openForMs: 6 * 3_600_000,
};

/** Tournaments one address may make: a burst, then one each this many per second (tests raise it before the hub starts). */
export const CREATE_RATE = { burst: 5, perSecond: 0.1 };

const MINUTE = 60_000;

export interface PrivateRequest {
  pool: string;
  kind: "timed-arena" | "swiss";
  minutes?: number;
  rounds?: number;
  startsIn: number;
}

const whole = (v: unknown, b: { min: number; max: number }): v is number => typeof v === "number" && Number.isInteger(v) && v >= b.min && v <= b.max;
const twoSeatPools = () => RATED_POOLS.filter((p) => p.seats.min <= 2);

/** A create request's body checked: the request, or the words saying what is wrong. Pure. */
export function checkPrivate(body: unknown): PrivateRequest | { code: string; message: string } {
  const bad = (code: string, message: string) => ({ code, message });
  if (typeof body !== "object" || body === null || Array.isArray(body)) return bad("bad-body", "Send the tournament as JSON: {pool, kind, minutes or rounds, startsIn}.");
  const o = body as Record<string, unknown>;
  const pool = typeof o.pool === "string" ? ratedPool(o.pool) : undefined;
  if (!pool) return bad("bad-pool", `Pick a rated game for the tournament: ${RATED_POOLS.map((p) => `${p.title} (${p.id})`).join(", ")}.`);
  const L = PRIVATE_LIMITS;
  if (!whole(o.startsIn, L.startsIn)) return bad("bad-start", `startsIn is when it starts, in whole minutes from now: ${L.startsIn.min} to ${L.startsIn.max} (a day).`);
  if (o.kind === "timed-arena") {
    if (!whole(o.minutes, L.arenaMinutes)) return bad("bad-minutes", `An arena lasts ${L.arenaMinutes.min} to ${L.arenaMinutes.max} whole minutes.`);
    return { pool: pool.id, kind: "timed-arena", minutes: o.minutes, startsIn: o.startsIn };
  }
  if (o.kind === "swiss") {
    if (pool.seats.min > 2) return bad("bad-pool", `A Swiss is for two-player games, and ${pool.title} is not one; make an arena, or a Swiss of ${twoSeatPools().map((p) => p.title).join(", ")}.`);
    if (!whole(o.rounds, L.rounds)) return bad("bad-rounds", `A Swiss has ${L.rounds.min} to ${L.rounds.max} rounds.`);
    return { pool: pool.id, kind: "swiss", rounds: o.rounds, startsIn: o.startsIn };
  }
  return bad("bad-kind", 'kind is "timed-arena" (an arena: as many games as you can in a window) or "swiss" (a fixed number of rounds).');
}

/** The row of a new private tournament with the code `id`. */
export function privateRow(req: PrivateRequest, id: string, creator: Profile, now: number): TournamentRow {
  const pool = ratedPool(req.pool)!;
  const startsAt = now + req.startsIn * MINUTE;
  const arena = req.kind === "timed-arena";
  return {
    id,
    kind: req.kind,
    pool: pool.id,
    title: (arena ? `${creator.name}'s ${pool.title} arena` : `${creator.name}'s ${pool.title} Swiss`).slice(0, 80),
    config: arena ? { startsAt, endsAt: startsAt + req.minutes! * MINUTE, tableSize: Math.max(2, pool.seats.min) } : { rounds: req.rounds!, startsAt },
    seed: randomBytes(16).toString("hex"),
    status: "scheduled",
    // A slot's createdAt is its start (pruning and the open counts read it so).
    createdAt: startsAt,
    creator: creator.id,
  };
}

export function privateTournamentsApi(home: () => HomeStore | undefined, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const limited = ipLimit({ burst: 60, perSecond: 5 }, "Too many requests; wait a few seconds and try again.", now);
  const creates = ipLimit({ ...CREATE_RATE }, "Too many tournaments made from here; wait a minute and try again.", now);
  const body = express.json({ limit: "1kb" });

  function failed(what: string, e: unknown, req: express.Request, res: express.Response): void {
    if (answerStoreDown(e, req, res, (code) => ({ code, message: "Tournaments are briefly unavailable (the hub cannot reach its database); try again in a minute." }))) return;
    log.error({ event: "tournament.error", what, err: e }, `could not ${what}`);
    if (!res.headersSent) res.status(500).json({ code: "internal", message: `Could not ${what} just now; try again in a minute.` });
  }

  /** The store and the caller's profile, or an answer in words saying why not. */
  async function caller(req: express.Request, res: express.Response, doing: string): Promise<{ h: HomeStore; me: Profile } | null> {
    const h = home();
    if (!h) return void res.status(503).json({ code: "unavailable", message: "This hub keeps no ratings, so it runs no tournaments." }), null;
    const me = await profileOr401(req, res, h, { missing: `To ${doing} you need a profile: open the hub in this browser first (it makes one), then try again.` });
    return me ? { h, me } : null;
  }

  router.post("/tournaments", creates, body, async (req, res) => {
    try {
      const who = await caller(req, res, "make a tournament");
      if (!who) return;
      const asked = checkPrivate(req.body);
      if ("message" in asked) return void res.status(400).json(asked);
      const t = now();
      const since = t - PRIVATE_LIMITS.openForMs;
      if ((await who.h.tournaments.openBy(who.me.id, since)) >= PRIVATE_LIMITS.perProfile) {
        return void res.status(429).json({ code: "too-many-yours", message: `You already have ${PRIVATE_LIMITS.perProfile} tournaments that are not over; wait for one to end, or cancel one before it starts.` });
      }
      if ((await who.h.tournaments.openPrivate(since)) >= PRIVATE_LIMITS.hubWide) {
        return void res.status(503).json({ code: "too-many-tournaments", message: "This hub is running as many private tournaments as it can just now; try again later, or join a listed one." });
      }
      // A fresh code: the id is the key, so a code already taken is not written (tried again).
      for (let tries = 0; tries < 20; tries++) {
        const row = privateRow(asked, randomCode(), who.me, t);
        if (!(await who.h.tournaments.createOnce(row))) continue;
        log.info({ event: "tournament.created", tournament: row.id, kind: row.kind, pool: row.pool }, "a private tournament was made");
        res.setHeader("Cache-Control", "no-store");
        return void res.status(201).json({ id: row.id, code: row.id, link: `#/tournament/${row.id}`, kind: row.kind, title: row.title, pool: row.pool, settings: row.config });
      }
      res.status(503).json({ code: "no-code", message: "Could not find a free tournament code just now; try again." });
    } catch (e) {
      failed("make that tournament", e, req, res);
    }
  });

  router.get("/tournaments/mine", limited, async (req, res) => {
    try {
      const who = await caller(req, res, "see your tournaments");
      if (!who) return;
      const rows = await who.h.tournaments.madeBy(who.me.id, now() - PRIVATE_LIMITS.openForMs, 2 * PRIVATE_LIMITS.perProfile);
      res.setHeader("Cache-Control", "private, no-store");
      res.json({ tournaments: rows.map((r) => ({ id: r.id, code: r.id, link: `#/tournament/${r.id}`, kind: r.kind, title: r.title, pool: r.pool, status: r.status, settings: r.config })) });
    } catch (e) {
      failed("read your tournaments", e, req, res);
    }
  });

  router.delete("/tournaments/:id", limited, async (req, res) => {
    try {
      const who = await caller(req, res, "cancel a tournament");
      if (!who) return;
      const id = String(req.params.id);
      if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return void res.status(400).json({ code: "bad-id", message: "A tournament id is 1–40 letters, digits, - or _." });
      const record = await who.h.tournaments.load(id);
      if (!record) return void res.status(404).json({ code: "not-found", message: "There is no such tournament on this hub. Check the code." });
      if (record.tournament.creator !== who.me.id) return void res.status(403).json({ code: "not-yours", message: "Only the player who made a tournament can cancel it." });
      const c = record.tournament.config as { startsAt?: number; cancelled?: boolean };
      if (c.cancelled) return void res.status(409).json({ code: "cancelled", message: "This tournament is already cancelled." });
      if (record.tournament.status === "finished" || (c.startsAt ?? 0) <= now() || record.pairings.length > 0) {
        return void res.status(409).json({ code: "started", message: "This tournament has started, so it can no longer be cancelled; it ends by itself." });
      }
      if (!(await who.h.tournaments.cancel(id, { ...c, cancelled: true }))) return void res.status(409).json({ code: "started", message: "This tournament has just started, so it can no longer be cancelled." });
      // Its room, if players wait in it (any process): reads the store again and ends.
      for (const room of await matchMaker.query({ name: TOURNAMENT_ROOM, tournament: id })) {
        await matchMaker.remoteRoomCall(room.roomId, "reread").catch((e) => log.warn({ event: "tournament.error", tournament: id, err: e }, "a cancelled tournament's room did not answer"));
      }
      res.json({ id, cancelled: true });
    } catch (e) {
      failed("cancel that tournament", e, req, res);
    }
  });

  return router;
}
