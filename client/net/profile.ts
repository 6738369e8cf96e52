// This browser's profile (docs/protocol.md "Profiles"): made without an account when this
// browser first needs one (a seat, rated play, My games, a chosen name), kept as {key, id, name}
// in localStorage. The key is the only credential: it goes to the server as `Authorization:
// Bearer` (My games, a private replay, Forget me) and as `profileKey` in join options (so a
// seat's games land in the history), never anywhere else.
//
// One name: the name this browser plays under (storage.ts, `hub.name`) is the profile's. A name
// chosen here (the lobby, an invite, My games) is sent to the profile; a rename the hub did not
// get is sent at the next check, and a rename made on another device of the profile becomes
// this browser's name. The stored profile's `name` is the name the hub last confirmed.
import { loadName, saveName } from "./storage";

const PROFILE_KEY = "hub.profile";
const BROWSER_KEY = "hub.browser";

export interface StoredProfile {
  key: string;
  id: string;
  name: string;
}

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadProfile(): StoredProfile | null {
  try {
    const p = JSON.parse(store()?.getItem(PROFILE_KEY) ?? "null") as StoredProfile | null;
    return p && typeof p.key === "string" && typeof p.id === "string" ? p : null;
  } catch {
    return null;
  }
}

function saveProfile(p: StoredProfile | null): void {
  if (p) store()?.setItem(PROFILE_KEY, JSON.stringify(p));
  else store()?.removeItem(PROFILE_KEY);
  for (const l of listeners) l(p);
}

const listeners = new Set<(p: StoredProfile | null) => void>();
/** Called whenever this browser's profile changes (made, renamed, moved here, forgotten). */
export function onProfile(fn: (p: StoredProfile | null) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * This browser's id: random, made once and kept whatever profile the browser holds (a device
 * link, "Forget me" and a new one). Rated quick play sends it, so the profiles one browser held
 * never meet each other (docs/ratings.md). Not a credential.
 */
export function browserId(): string | undefined {
  try {
    const have = store()?.getItem(BROWSER_KEY);
    if (have && /^[A-Za-z0-9_-]{16,64}$/.test(have)) return have;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    store()?.setItem(BROWSER_KEY, id);
    return id;
  } catch {
    return undefined;
  }
}

/** Headers of a request about "me" (none without a profile). */
export function authHeaders(): Record<string, string> {
  const p = loadProfile();
  return p ? { Authorization: `Bearer ${p.key}` } : {};
}

export async function api(path: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(path, {
    ...init,
    headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}), ...authHeaders(), ...(init.headers as Record<string, string>) },
  });
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const retryAfter = Number(body?.retryAfterSeconds ?? res.headers.get("Retry-After"));
    throw Object.assign(new Error(body?.message ?? `The server answered ${res.status}; try again.`), { code: body?.code, status: res.status, ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) });
  }
  return body;
}

/** The name this browser plays under: the chosen one, else its profile's, else the hub's default. */
export function myName(): string {
  return loadName() || loadProfile()?.name || "Player";
}

/** Why this browser has no profile right now, in words a player reads. */
export interface ProfileTrouble {
  /** The server's refusal code, or `offline` / `failed`. */
  code: string;
  message: string;
  /** Set while the profile is tried again by itself: seconds until then. */
  retryInSeconds?: number;
}

let trouble: ProfileTrouble | null = null;
const troubleListeners = new Set<(t: ProfileTrouble | null) => void>();

/** Why the last try to make a profile failed (null: none failed, or one was made since). */
export function profileTrouble(): ProfileTrouble | null {
  return trouble;
}

/** Called when a try to make a profile fails or waits (and with null once one is made). */
export function onProfileTrouble(fn: (t: ProfileTrouble | null) => void): () => void {
  troubleListeners.add(fn);
  return () => troubleListeners.delete(fn);
}

function setTrouble(t: ProfileTrouble | null): void {
  trouble = t;
  for (const l of troubleListeners) l(t);
}

function offline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** What a failed POST /api/profiles means for the player. */
function troubleOf(e: unknown): ProfileTrouble {
  const err = e as { code?: string; status?: number; message?: string };
  if (offline()) return { code: "offline", message: "You are offline, so this browser has no profile yet: it is made once you are back online." };
  if (typeof err?.status !== "number") return { code: "offline", message: "The hub could not be reached, so this browser has no profile yet: it is made once the hub answers." };
  if (err.code === "rate-limited" || err.code === "too-many-profiles") return { code: err.code, message: err.message ?? "" };
  return { code: err.code ?? "failed", message: `The hub could not make a profile for this browser just now (${err.message ?? err.status}). It tries again the next time one is needed.` };
}

/** What a page says while a short wait the hub asked for is waited out. */
export function waitingText(t: ProfileTrouble): string {
  return `Many new profiles were just made from your network (a school, a café or a family shares one address), so this browser waits its turn: trying again by itself in ${t.retryInSeconds ?? 1} s.`;
}

/** Short waits (many new browsers at once behind one address) are waited out, this many times. */
const PROFILE_WAITS = 6;

let checked: Promise<StoredProfile | null> | null = null;
/** Set by "Forget me": no new profile is made until the page is loaded again. */
let forgotten = false;

/**
 * The hub's profile for this browser, checked once per page load and made when there is none
 * (or the hub no longer knows it); the names are brought together (see the top). Null when
 * none can be made now: `profileTrouble()` says why. A short wait the hub asks for is waited
 * out here (said through `onProfileTrouble`).
 */
export function ensureProfile(): Promise<StoredProfile | null> {
  if (forgotten) return Promise.resolve(null);
  checked ??= (async () => {
    const have = loadProfile();
    if (have) {
      try {
        const me = await api("/api/profile");
        if (me.profile) return await agreeOnName(have, me.profile.name);
        saveProfile(null); // forgotten, or the hub's data was reset: a new one below
      } catch {
        return have; // offline: keep it
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        const made = await api("/api/profiles", { method: "POST", body: JSON.stringify({ name: myName() }) });
        setTrouble(null);
        // A device link brought a profile here meanwhile: that one stays.
        const adopted = loadProfile();
        if (adopted) return adopted;
        const p = { key: made.key, id: made.profile.id, name: made.profile.name };
        saveProfile(p);
        // a name chosen while it was being made
        return p.name === myName() ? p : await agreeOnName(p, p.name);
      } catch (e) {
        const wait = (e as { retryAfterSeconds?: number }).retryAfterSeconds;
        const t = troubleOf(e);
        if (t.code === "rate-limited" && wait && attempt < PROFILE_WAITS) {
          setTrouble({ ...t, retryInSeconds: wait });
          await new Promise((r) => setTimeout(r, wait * 1000));
          continue;
        }
        setTrouble(t);
        checked = null; // try again on the next call
        return null;
      }
    }
  })();
  return checked.then((p) => (p ? (loadProfile() ?? p) : null));
}

/**
 * The hub says the profile is called `server`: a name chosen here since the last check goes to
 * the hub; a name given on another device becomes this browser's.
 */
async function agreeOnName(have: StoredProfile, server: string): Promise<StoredProfile> {
  const local = loadName();
  if (local && local !== server && have.name === server) {
    try {
      const r = await api("/api/profile", { method: "PATCH", body: JSON.stringify({ name: local }) });
      const next = { ...have, name: r.profile.name };
      saveProfile(next);
      saveName(next.name); // as the hub cleaned it
      return next;
    } catch {
      return have; // tried again at the next check
    }
  }
  const fresh = { ...have, name: server };
  if (fresh.name !== have.name) saveProfile(fresh);
  // the name the profile goes by (unless it is still the default nobody chose)
  if (local !== server && (local || server !== "Player")) saveName(server);
  return fresh;
}

/** How long a join waits for a profile being made before it goes ahead without one. */
const SEAT_WAITS_MS = 4000;

/** The profile a new seat plays for: made first if there is none, without holding a join up for long. */
export async function profileForSeat(): Promise<StoredProfile | null> {
  if (forgotten) return null;
  const have = loadProfile();
  if (have) return have;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), SEAT_WAITS_MS)));
  try {
    const p = await Promise.race([ensureProfile(), late]);
    // (offline, the join cannot happen either: it says so itself)
    if (!p && trouble && !trouble.retryInSeconds && trouble.code !== "offline") for (const l of seatListeners) l(trouble);
    return p;
  } finally {
    clearTimeout(timer);
  }
}

const seatListeners = new Set<(t: ProfileTrouble) => void>();
/** Called when a seat is taken without a profile because the hub would not make one (`t` says why). */
export function onSeatWithoutProfile(fn: (t: ProfileTrouble) => void): () => void {
  seatListeners.add(fn);
  return () => seatListeners.delete(fn);
}

/** The player chose a name (the lobby, an invite): this browser plays under it, and its profile follows. */
export function chooseName(name: string): void {
  saveName(name);
  renameProfileSoon(loadName());
}

let renameTimer: ReturnType<typeof setTimeout> | null = null;
/** The player typed a new name: the profile follows a moment later. */
export function renameProfileSoon(name: string): void {
  if (renameTimer) clearTimeout(renameTimer);
  renameTimer = setTimeout(() => void renameProfile(name).catch(() => undefined), 800);
}

/** Renames the profile (made first if there is none): this browser plays under `name` from now on. */
export async function renameProfile(name: string): Promise<StoredProfile | null> {
  if (!name.trim()) return loadProfile();
  saveName(name);
  // No profile yet (or one on its way): made now, so the name is not lost.
  const p = loadProfile() ?? (await ensureProfile());
  if (!p) return p;
  if (p.name === loadName()) return p;
  const r = await api("/api/profile", { method: "PATCH", body: JSON.stringify({ name: loadName() }) });
  const next = { ...p, name: r.profile.name };
  saveProfile(next);
  saveName(next.name);
  return next;
}

/** A device link brought a profile here: this browser now plays as it. */
export function adoptProfile(p: StoredProfile): void {
  forgotten = false;
  checked = Promise.resolve(p);
  saveProfile(p);
  saveName(p.name);
}

/** "Forget me": the server deletes the profile and its history; this browser forgets its key. */
export async function forgetProfile(): Promise<{ deletedGames: number; keptGames: number }> {
  const r = await api("/api/profile", { method: "DELETE" });
  forgotten = true;
  checked = null;
  saveProfile(null);
  return r;
}
