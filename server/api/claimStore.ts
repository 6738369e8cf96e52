// Where device-link claims wait to be redeemed (server/api/claims.ts).
//
// One process: a Map in memory. Several processes (REDIS_URL): the shared presence, so a
// claim made through one process redeems through any other. Each claim is a one-element
// Redis list: LPOP hands it out at most once even when two processes race for it, and the
// key expires with the claim.

import type { Presence } from "@colyseus/core";

export interface Claim {
  /** The seat it moves ("" when the link carries only a profile). */
  roomId: string;
  seatToken: string;
  /** The profile it carries to the other device, if any. */
  profileId?: string;
  expiresAt: number;
}

export interface ClaimStore {
  /** Keeps a claim until `claim.expiresAt`; false when too many are waiting. */
  put(id: string, claim: Claim, now: number): Promise<boolean>;
  /** The claim, removed in the same step (single use); null if unknown, spent or expired. */
  take(id: string, now: number): Promise<Claim | null>;
}

export const MAX_CLAIMS = 5_000;

export class MemoryClaims implements ClaimStore {
  private claims = new Map<string, Claim>();

  async put(id: string, claim: Claim, now: number): Promise<boolean> {
    if (this.claims.size >= MAX_CLAIMS) for (const [k, c] of this.claims) if (c.expiresAt <= now) this.claims.delete(k);
    if (this.claims.size >= MAX_CLAIMS) return false;
    this.claims.set(id, claim);
    return true;
  }

  async take(id: string, now: number): Promise<Claim | null> {
    const found = this.claims.get(id);
    this.claims.delete(id);
    return found && found.expiresAt > now ? found : null;
  }
}

const KEY = (id: string) => `hub-claim:${id}`;

export class PresenceClaims implements ClaimStore {
  constructor(private presence: Presence) {}

  async put(id: string, claim: Claim, now: number): Promise<boolean> {
    await this.presence.rpush(KEY(id), JSON.stringify(claim));
    await this.presence.expire(KEY(id), Math.max(1, Math.ceil((claim.expiresAt - now) / 1000)));
    return true;
  }

  async take(id: string, now: number): Promise<Claim | null> {
    const raw = await this.presence.lpop(KEY(id));
    if (!raw) return null;
    this.presence.del(KEY(id));
    try {
      const claim = JSON.parse(raw) as Claim;
      const shaped = typeof claim.roomId === "string" && typeof claim.seatToken === "string" && (claim.profileId === undefined || typeof claim.profileId === "string");
      return shaped && claim.expiresAt > now ? claim : null;
    } catch {
      return null;
    }
  }
}
