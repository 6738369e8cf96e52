// Rated quick play (docs/protocol.md "Rated quick play"): one queue room per rating pool
// (`joinOrCreate("rated", {pool, profileKey})`; with several processes the driver finds the
// pool's one queue wherever it runs). Every second it tells each player what it is doing
// ("status": their rating, the window, the wait) and starts the tables pairing.ts puts
// together: it creates the rated room here (ratedRoom.ts: a nonce, a ticket per player),
// reserves each player's seat, and hands each player their reservation ("matched"); the
// client joins with it and leaves the queue. Against farming (docs/ratings.md): the browser id
// a client sends (`browser`) links the profiles one browser held, which never meet, and the
// address a player connects from makes pairing prefer opponents from elsewhere.

import { ClientState, matchMaker, Room, type Client } from "@colyseus/core";
import { isProvisional, RATED_POOLS, ratedPool, type RatedPool } from "../../common/rated.js";
import { hashKey, isProfileKey } from "../api/profileAuth.js";
import { HubRefusal, refuseOption } from "../rooms/base/errors.js";
import { isPlainObject } from "../rooms/base/validate.js";
import { newTicket, ratedRoomOptions, type MatchedPlayer } from "../rooms/game/ratedRoom.js";
import type { HubSettings } from "../settings.js";
import { newSkill } from "./model.js";
import { browserLinks, isBrowserId } from "./browsers.js";
import { pairUp, windowFor, type Waiting } from "./pairing.js";
import { bannedRefusal, REPORTED_TIER } from "../safety/quickPlay.js";
import { log } from "../ops/log.js";
import { storeUnreachable } from "../ops/storeCondition.js";
import { noteStoreDown, STORE_UNAVAILABLE } from "../api/storeDown.js";

export const QUEUE_ROOM = "rated";
const TICK_MS = 1000;

interface Entry extends Waiting {
  client: Client;
  name: string;
  sigma: number;
  /** Profiles it blocked or that blocked it (never at one table). */
  blocked: readonly string[];
}

interface QueueAuth {
  profileId: string;
  name: string;
  mu: number;
  sigma: number;
  /** The per-address key it plays from (the transport's, as TRUST_PROXY reads it). */
  address?: string;
  blocked: string[];
  /** "reported": upheld reports against it, so it meets its peers only. */
  tier: string;
}

export class RatedQueueRoom extends Room {
  private pool!: RatedPool;
  private settings: HubSettings | undefined;
  private readonly waiting = new Map<string, Entry>();
  /** Test hook: the clock the wait is measured on. */
  static now: () => number = () => Date.now();

  onCreate(options: Record<string, unknown>): void {
    const hub = options.hub as HubSettings | undefined;
    if (hub && typeof hub.store?.recordGame === "function") this.settings = hub;
    const pool = typeof options.pool === "string" ? ratedPool(options.pool) : undefined;
    if (!pool) throw refuseOption(`Choose a rated game: pool must name one (${RATED_POOLS.map((p) => p.id).join(", ")}).`);
    this.pool = pool;
    this.maxClients = 1000;
    this.autoDispose = true;
    this.onMessage("*", () => undefined);
    this.clock.setInterval(() => void this.tick(), TICK_MS);
  }

  async onAuth(_client: Client, options: unknown, context?: { ip?: unknown }): Promise<QueueAuth> {
    const home = this.settings?.home;
    if (!home) throw new HubRefusal("unavailable", "This hub keeps no ratings, so it has no rated games.");
    const key = isPlainObject(options) ? options.profileKey : undefined;
    if (!isProfileKey(key)) throw new HubRefusal("no-profile", "Rated games need a profile: open the lobby once so this browser makes one, then try again.");
    const { profile, rating } = await lookUp(async () => {
      const profile = await home.profileByKey(hashKey(key));
      return { profile, rating: profile ? await home.ratingOf(profile.id, this.pool.id) : null };
    });
    if (!profile) throw new HubRefusal("profile-unknown", "This browser's profile is not on this hub any more. Reload the page to make a new one.");
    const skill = rating ?? { ...newSkill() };
    // This browser's profiles never meet each other (browsers.ts); an old client sends no id.
    const browser = isPlainObject(options) ? options.browser : undefined;
    if (isBrowserId(browser)) browserLinks.seen(browser, profile.id, RatedQueueRoom.now());
    const address = typeof context?.ip === "string" && context.ip ? context.ip : undefined;
    // Safety (docs/safety.md): a quick-play ban covers rated play; blocks and upheld reports shape the tables.
    const now = RatedQueueRoom.now();
    const standing = await lookUp(async () => {
      const [blocked, upheld, sanctions] = await Promise.all([home.safety.avoidedBy(profile.id), home.safety.upheldAgainst(profile.id), home.safety.sanctionsOf(profile.id, now)]);
      return { blocked, upheld, ban: sanctions.find((s) => s.kind === "ban" && s.until > now) ?? null };
    });
    if (standing.ban) throw bannedRefusal(standing.ban, now);
    return { profileId: profile.id, name: profile.name, mu: skill.mu, sigma: skill.sigma, address, blocked: standing.blocked, tier: standing.upheld > 0 ? REPORTED_TIER : "" };
  }

  onJoin(client: Client, _options: unknown, auth: QueueAuth): void {
    // The same profile from another tab: the newer one waits, the older is told where it went.
    const before = this.waiting.get(auth.profileId);
    if (before) {
      before.client.send("event", { kind: "replaced", message: "You are looking for a rated game in another tab now." });
      before.client.leave(4000);
    }
    this.waiting.set(auth.profileId, {
      id: auth.profileId,
      mu: auth.mu,
      sigma: auth.sigma,
      since: RatedQueueRoom.now(),
      client,
      name: auth.name,
      address: auth.address,
      blocked: auth.blocked,
      tier: auth.tier,
    });
    this.status(this.waiting.get(auth.profileId)!, RatedQueueRoom.now());
  }

  onLeave(client: Client): void {
    const auth = client.auth as QueueAuth | undefined;
    if (auth && this.waiting.get(auth.profileId)?.client === client) this.waiting.delete(auth.profileId);
  }

  /** What the player reads: "Looking for players near 1,520 — 8 s". */
  private status(e: Entry, now: number): void {
    const window = windowFor(now - e.since);
    e.client.send("event", {
      kind: "status",
      pool: this.pool.id,
      rating: Math.round(e.mu),
      provisional: isProvisional(e.sigma),
      window: Number.isFinite(window) ? Math.round(window) : null,
      waitedSeconds: Math.floor((now - e.since) / 1000),
      waiting: this.waiting.size,
    });
  }

  private async tick(): Promise<void> {
    const now = RatedQueueRoom.now();
    // Each tick asks afresh which profiles each one's browsers held (a profile may join from another browser since).
    for (const e of this.waiting.values()) {
      const others = browserLinks.others(e.id, now);
      e.avoid = e.blocked.length === 0 ? others : new Set([...others, ...e.blocked]);
    }
    const tables = pairUp([...this.waiting.values()], now, this.pool.seats);
    for (const ids of tables) {
      const players = ids.map((id) => this.waiting.get(id)!);
      for (const p of players) this.waiting.delete(p.id);
      void this.start(players);
    }
    for (const e of this.waiting.values()) this.status(e, now);
  }

  /** Creates the rated room for `players` here, reserves their seats and hands each one its reservation. */
  private async start(players: Entry[]): Promise<void> {
    const matched: MatchedPlayer[] = players.map((p) => ({ profileId: p.id, name: p.name, mu: p.mu, ticket: newTicket() }));
    try {
      const room = await matchMaker.handleCreateRoom(this.pool.game, ratedRoomOptions(this.pool, { pool: this.pool.id, players: matched }));
      for (let k = 0; k < players.length; k++) {
        const reservation = await matchMaker.reserveSeatFor(room, { name: matched[k].name, ratedTicket: matched[k].ticket });
        players[k].client.send("event", {
          kind: "matched",
          reservation,
          roomId: room.roomId,
          players: matched.map((m) => ({ name: m.name, rating: Math.round(m.mu) })),
        });
      }
    } catch (e) {
      log.error({ event: "room.error", pool: this.pool.id, err: e }, "could not start a rated room");
      // Back in the queue, their wait kept.
      for (const p of players) if (p.client.state === ClientState.JOINED) this.waiting.set(p.id, p);
      for (const p of players) p.client.send("event", { kind: "retry", message: "Could not start your rated game just now; still looking." });
    }
  }
}

/** The store's answer, or a refusal in words: a player never reads the database library's text. */
async function lookUp<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (storeUnreachable(e)) {
      noteStoreDown("rated queue", e);
      throw new HubRefusal(STORE_UNAVAILABLE, "Rated games are briefly unavailable (the hub cannot reach its database); try again in a minute.");
    }
    log.error({ event: "room.error", what: "rated queue", err: e }, "could not read a profile or its rating");
    throw new HubRefusal("internal", "Could not look up your rating just now; try again in a minute.");
  }
}
