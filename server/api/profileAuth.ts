// Who is asking: a device key (`Authorization: Bearer <key>`) names a profile. The key is
// 32 random bytes the server made (base64url, 43 characters) and the browser keeps; the
// store holds only its sha256, so a copy of the database signs nobody in.

import { createHash, randomBytes } from "node:crypto";
import type express from "express";
import type { HomeStore, Profile } from "../store/HomeStore.js";

const KEY = /^[A-Za-z0-9_-]{43}$/;

export function newProfileKey(): string {
  return randomBytes(32).toString("base64url");
}

/** A public profile id: 12 url-safe characters (72 random bits). */
export function newProfileId(): string {
  return randomBytes(9).toString("base64url");
}

export const PROFILE_ID = /^[A-Za-z0-9_-]{12}$/;

export function isProfileKey(key: unknown): key is string {
  return typeof key === "string" && KEY.test(key);
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The device key a request carries, or null (none, or not shaped like one). */
export function requestKey(req: express.Request): string | null {
  const header = req.headers.authorization;
  if (typeof header !== "string") return null;
  const m = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header.trim());
  return m ? m[1] : null;
}

/** The profile behind a request's key: null when it carries none or an unknown one (forgotten, never made). */
export async function requestProfile(req: express.Request, home: HomeStore): Promise<Profile | null> {
  const key = requestKey(req);
  return key ? home.profileByKey(hashKey(key)) : null;
}

/** What a route tells a caller with no profile: `missing` (no key sent), `unknown` (a key this hub does not know). */
export interface NoProfileWords {
  missing: string;
  unknown: string;
}

const NO_PROFILE: NoProfileWords = {
  missing: "This needs a profile: open the hub in this browser first (it makes one), then try again.",
  unknown: "This browser's profile is not on this hub (forgotten, or made elsewhere). Reload the page to get a new one, then try again.",
};

/**
 * The caller's profile, or null with the 401 already answered in words: `no-profile` when the
 * request carries no key, `profile-unknown` for a key this hub does not know. Every route that
 * acts for a profile asks here, so the two refusals read and are coded the same everywhere.
 */
export async function profileOr401(req: express.Request, res: express.Response, home: HomeStore, words: Partial<NoProfileWords> = {}): Promise<Profile | null> {
  const key = requestKey(req);
  const profile = key ? await home.profileByKey(hashKey(key)) : null;
  if (profile) return profile;
  res.status(401).json(key ? { code: "profile-unknown", message: words.unknown ?? NO_PROFILE.unknown } : { code: "no-profile", message: words.missing ?? NO_PROFILE.missing });
  return null;
}
