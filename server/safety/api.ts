// The player's side of safety over HTTP (docs/protocol.md "Safety"): their mute and block
// lists (kept on the profile: every device of it sees the same), changed from a profile
// page as well as from a room, and what a moderator did about them, in words.

import express from "express";
import type { HomeStore } from "../store/HomeStore.js";
import type { Sanction } from "../store/SafetyStore.js";
import { PROFILE_ID, profileOr401 } from "../api/profileAuth.js";
import { ipLimit } from "../api/ipLimit.js";
import { untilWords } from "./words.js";

function fail(res: express.Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message });
}

/** What a sanction means, said to the player it is about. */
export function sanctionWords(s: Sanction, now: number): string {
  if (s.kind === "warn") return `A moderator warned you: ${s.reason}. Nothing is blocked; please keep games friendly.`;
  if (s.kind === "mute") return `A moderator muted your chat ${untilWords(s.until, now)}, because: ${s.reason}. You can still play.`;
  return `A moderator banned you from quick play ${untilWords(s.until, now)}, because: ${s.reason}. Private rooms with friends and solo games are still open to you.`;
}

export function safetyApi(home: () => HomeStore | undefined, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const limited = ipLimit({ burst: 100, perSecond: 10 }, "Too many requests; wait a few seconds and try again.", now);

  const me = async (req: express.Request, res: express.Response) => {
    const h = home();
    if (!h) return fail(res, 503, "unavailable", "This hub keeps no profiles.");
    const profile = await profileOr401(req, res, h, { missing: "Mutes and blocks are kept on a profile: open the hub in this browser first (it makes one), then try again." });
    if (!profile) return;
    res.setHeader("Cache-Control", "private, no-store");
    return { h, profile };
  };
  const names = async (h: HomeStore, ids: string[]) => Promise.all(ids.map(async (id) => ({ id, name: (await h.profile(id))?.name ?? "Forgotten player" })));

  router.get("/profile/safety", limited, async (req, res) => {
    const m = await me(req, res);
    if (!m) return;
    const t = now();
    const [lists, sanctions] = await Promise.all([m.h.safety.listsOf(m.profile.id), m.h.safety.sanctionsOf(m.profile.id, t)]);
    res.json({
      mutes: await names(m.h, lists.mutes),
      blocks: await names(m.h, lists.blocks),
      sanctions: sanctions.map((s) => ({ kind: s.kind, until: s.until, reason: s.reason, message: sanctionWords(s, t) })),
    });
  });

  const change = (on: boolean): express.RequestHandler => async (req, res) => {
    const list = String(req.params.list);
    const other = String(req.params.id);
    if (list !== "mutes" && list !== "blocks") return fail(res, 404, "not-found", "The lists are mutes and blocks.");
    if (!PROFILE_ID.test(other)) return fail(res, 400, "bad-id", "A profile id is 12 letters, digits, - or _.");
    const m = await me(req, res);
    if (!m) return;
    if (other === m.profile.id) return fail(res, 400, "bad-id", "That is your own profile.");
    if (on && !(await m.h.profile(other))) return fail(res, 404, "not-found", "There is no such profile (it may have been forgotten).");
    await m.h.safety.setListed(m.profile.id, other, list === "mutes" ? "mute" : "block", on, now());
    const lists = await m.h.safety.listsOf(m.profile.id);
    res.json({ mutes: await names(m.h, lists.mutes), blocks: await names(m.h, lists.blocks) });
  };
  router.put("/profile/safety/:list/:id", limited, change(true));
  router.delete("/profile/safety/:list/:id", limited, change(false));
  return router;
}
