// This browser's profile (docs/protocol.md "Profiles"): made on the first visit without an
// account, kept as {key, id, name} in localStorage. The key is the only credential: it goes
// to the server as `Authorization: Bearer` (My games, a private replay, Forget me) and as
// `profileKey` in join options (so a seat's games land in the history), never anywhere else.
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

/** The key for join options (undefined: no profile yet). */
export function profileKey(): string | undefined {
  return loadProfile()?.key;
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
  if (!res.ok) throw Object.assign(new Error(body?.message ?? `The server answered ${res.status}; try again.`), { code: body?.code, status: res.status });
  return body;
}

let checked: Promise<StoredProfile | null> | null = null;
/** Set by "Forget me": no new profile is made until the page is loaded again. */
let forgotten = false;

/**
 * This browser's profile, checked with the server once per page load: made when there is none
 * (or the server no longer knows it); null when none can be made now (offline, limits).
 */
export function ensureProfile(): Promise<StoredProfile | null> {
  if (forgotten) return Promise.resolve(null);
  checked ??= (async () => {
    const have = loadProfile();
    if (have) {
      try {
        const me = await api("/api/profile");
        if (me.profile) {
          const fresh = { ...have, name: me.profile.name };
          if (fresh.name !== have.name) saveProfile(fresh);
          return fresh;
        }
        saveProfile(null); // forgotten, or the hub's data was reset: a new one below
      } catch {
        return have; // offline: keep it
      }
    }
    try {
      const made = await api("/api/profiles", { method: "POST", body: JSON.stringify({ name: loadName() || "Player" }) });
      // A device link brought a profile here meanwhile: that one stays.
      const adopted = loadProfile();
      if (adopted) return adopted;
      const p = { key: made.key, id: made.profile.id, name: made.profile.name };
      saveProfile(p);
      return p;
    } catch {
      checked = null; // try again on the next call
      return null;
    }
  })();
  return checked;
}

let renameTimer: ReturnType<typeof setTimeout> | null = null;
/** The player typed a new name: the profile follows a moment later. */
export function renameProfileSoon(name: string): void {
  if (renameTimer) clearTimeout(renameTimer);
  renameTimer = setTimeout(() => void renameProfile(name).catch(() => undefined), 800);
}

export async function renameProfile(name: string): Promise<StoredProfile | null> {
  // On a first visit the profile may still be on its way: wait for it, or the name is lost.
  const p = loadProfile() ?? (await ensureProfile());
  if (!p || !name.trim()) return p;
  const r = await api("/api/profile", { method: "PATCH", body: JSON.stringify({ name }) });
  const next = { ...p, name: r.profile.name };
  saveProfile(next);
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
