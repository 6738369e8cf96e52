// GET /api/replays/:id (docs/protocol.md, "Replays"): any finished stored game of a
// registered game, as {id, game, mode, seed, config, seats, log, result, ...}: enough
// for a viewer to rebuild every move with the game's own rules (common/core replay()).
//
// Serving the seed and the whole log is safe only because the game is over: the store
// holds a game once it ended (won, lost, drawn, abandoned). A record that is not over
// (no result, no end time) is answered like an unknown id. A private room's game is served
// only to a profile that played in it (its device key in `Authorization`); to anyone else it
// is answered exactly like an unknown id, so a link says nothing about a private game.

import express from "express";
import { gameDef } from "../../common/games.js";
import { isHubStore, type GameStore, type HubStore, type StoredGame } from "../store/GameStore.js";
import type { HomeStore } from "../store/HomeStore.js";
import { requestProfile } from "./profileAuth.js";

function notFound(res: express.Response, raw: string): void {
  const reason = `There is no replay ${raw}.`;
  res.status(404).json({ code: "not-found", message: reason, error: { code: "not-found", reason } });
}

/** Is this record a game that ended (never a live one)? */
export function isEnded(g: StoredGame): boolean {
  return typeof g.result === "string" && g.result.length > 0 && Number.isFinite(g.endedAt) && g.endedAt > 0;
}

/** The routes, to mount at `/api`. `store` is read at request time. */
export function replaysApi(store: () => GameStore, home?: () => HomeStore | undefined): express.Router {
  const router = express.Router();
  const hubStore = (): HubStore => {
    const s = store();
    if (!isHubStore(s)) throw new Error("the configured store cannot answer replay queries");
    return s;
  };

  router.get("/replays/:id", async (req, res) => {
    const raw = req.params.id;
    if (!/^[1-9][0-9]{0,14}$/.test(raw)) {
      const reason = "A replay id is a positive whole number.";
      return res.status(400).json({ code: "bad-id", message: reason, error: { code: "bad-id", reason } });
    }
    const game = await hubStore().getGame(Number(raw));
    // Games of the registry only (a record of a game this hub no longer has is not served).
    if (!game || !gameDef(game.game) || !isEnded(game)) return notFound(res, raw);
    if (!game.public) {
      const players = home?.();
      const me = players ? await requestProfile(req, players) : null;
      if (!me || !(game.players ?? []).some((p) => p.profileId === me.id)) return notFound(res, raw);
      res.setHeader("Cache-Control", "private, no-store");
    }
    res.json(replayJson(game));
  });

  return router;
}

/** A stored game as a replay viewer needs it (docs/protocol.md "Replays"). */
export function replayJson(g: StoredGame) {
  // A record stored before rooms kept their mode has none: one seat is solo; for more, the game's replay player decides.
  const mode = g.mode || (g.seats.length === 1 ? "solo" : "");
  return {
    id: g.id,
    game: g.game,
    mode,
    level: g.level || ((g.config as { level?: string } | null)?.level ?? ""),
    config: g.config,
    seed: g.seed,
    seats: g.seats,
    log: g.log,
    result: g.result,
    timeMs: g.timeMs,
    stats: g.stats,
    source: g.source,
    ranked: g.ranked,
    startedAt: g.startedAt,
    endedAt: g.endedAt,
    finishedAt: g.finishedAt,
    summary: g.summary,
    public: g.public,
    rated: g.rated,
    /** Per seat: the profile that played it (its page), or null. */
    profiles: g.seats.map((_, seat) => g.players?.[seat]?.profileId ?? null),
  };
}
