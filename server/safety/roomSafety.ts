// A room's part of safety (docs/safety.md): who each connection is (its profile, whom it
// muted, whom it must never sit with, a moderator's chat mute), the chat itself (filtered,
// never sent to a socket whose profile muted the sender, refused where it is off), the
// room's recent chat kept as a report's evidence, and the room messages `mute`, `block` and
// `report` that name a seat (the profile behind a seat never leaves the server).

import type { Client } from "@colyseus/core";
import type { Rejection } from "../../common/core/rules.js";
import { hashKey, isProfileKey } from "../api/profileAuth.js";
import type { HomeStore } from "../store/HomeStore.js";
import { REPORT_REASONS, type Evidence, type ReportReason, type Sanction } from "../store/SafetyStore.js";
import { HubRefusal } from "../rooms/base/errors.js";
import type { JoinRequest } from "../rooms/base/seats.js";
import type { MessageSpec, SenderContext } from "../rooms/base/messages.js";
import { badPayload, cleanText, objectWith, ok, type Parsed } from "../rooms/base/validate.js";
import type { GameRoomState } from "../rooms/game/GameRoomState.js";
import type { Play, RoomHost } from "../rooms/game/play.js";
import { filterChat } from "./chatFilter.js";
import { untilWords } from "./words.js";

/** Chat lines a room keeps for a report's evidence. */
export const KEPT_CHAT = 50;
const NOTE_MAX = 300;

interface Viewer {
  profileId: string | null;
  mutes: Set<string>;
  avoid: Set<string>;
  chatMute: Sanction | null;
}

const NOBODY: Viewer = { profileId: null, mutes: new Set(), avoid: new Set(), chatMute: null };

export interface ChatLine {
  seat: number;
  name: string;
  text: string;
  at: number;
}

export const CHAT_OFF = "Chat is off in this room (its creator turned it off). Use the game's own signals instead.";
export const SPECTATOR_CHAT_OFF = "Spectators of rated games cannot chat, so players are never distracted. Watch quietly, or play a game of your own.";

/** The reports one profile may file a day, unless the hub's settings say (REPORTS_PER_DAY). */
const REPORTS_PER_DAY = 10;

/** One room's safety: given the room's play (its seats, game, rated table) and host, like the room's other helpers (rooms/game/play.ts). */
export class RoomSafety {
  private readonly viewers = new Map<string, Viewer>();
  private readonly lines: ChatLine[] = [];
  /** Private rooms may be made with chat off (`chat: false`). */
  private chatOff = false;

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly play: Play<any, any, any, any, any, GameRoomState>,
    private readonly host: Pick<RoomHost, "settings" | "clients" | "seatProfile" | "roomId" | "gameId">,
    private readonly now: () => number = Date.now,
  ) {}

  /** At the room's creation: its options say whether chat is on (a private room's creator may turn it off). */
  configure(options: Record<string, unknown>): void {
    this.chatOff = options.private === true && options.chat === false;
  }

  private home(): HomeStore | undefined {
    return this.host.settings().home;
  }

  private seatNames(): string[] {
    return this.play.st.seats.map((s) => s.name);
  }

  private seatName(seat: number): string {
    return this.play.st.seats[seat]?.name ?? "";
  }

  /** The finished game on screen (its replay id and move log), or null while one runs. */
  private finishedGame(): { gameId: number; log: unknown[] } | null {
    const { stage, game, st } = this.play;
    return stage === "finished" && game && st.replayId > 0 ? { gameId: st.replayId, log: game.log.slice() } : null;
  }

  /**
   * At a join: who the connection is. A new seat next to someone it blocked (or who blocked
   * it) is refused in words; spectators may still watch.
   */
  async admit(client: Client, request: JoinRequest, profileId: string | null, newSeat: boolean): Promise<void> {
    const home = this.home();
    let id = profileId;
    if (!id && home && isProfileKey(request.profileKey)) id = (await home.profileByKey(hashKey(request.profileKey)).catch(() => null))?.id ?? null;
    if (!home || !id) {
      this.viewers.set(client.sessionId, NOBODY);
      return;
    }
    const now = this.now();
    const [lists, avoid, sanctions] = await Promise.all([home.safety.listsOf(id), home.safety.avoidedBy(id), home.safety.sanctionsOf(id, now)]).catch(
      () => [{ mutes: [], blocks: [] }, [], []] as [{ mutes: string[]; blocks: string[] }, string[], Sanction[]],
    );
    const viewer: Viewer = { profileId: id, mutes: new Set(lists.mutes), avoid: new Set(avoid), chatMute: sanctions.find((s) => s.kind === "mute") ?? null };
    if (newSeat && !request.spectate) {
      const seated = this.seatedProfiles();
      if (seated.some((p) => viewer.avoid.has(p))) {
        throw new HubRefusal(
          "blocked",
          "You cannot sit at this table: you blocked a player in it, or they blocked you. Find another game with Quick play, or watch a live room.",
        );
      }
    }
    this.viewers.set(client.sessionId, viewer);
    this.prune();
  }

  /** The profiles sitting in the room (quick play asks, through remoteRoomCall, before it seats someone). */
  seatedProfiles(): string[] {
    return this.seatNames()
      .map((_, seat) => this.host.seatProfile(seat))
      .filter((p): p is string => p !== null);
  }

  private viewer(client: Client): Viewer {
    return this.viewers.get(client.sessionId) ?? NOBODY;
  }

  private prune(): void {
    if (this.viewers.size < 64) return;
    const live = new Set([...this.host.clients()].map((c) => c.sessionId));
    for (const id of this.viewers.keys()) if (!live.has(id)) this.viewers.delete(id);
  }

  /** `chat {text}`: refused where it is off, filtered, kept, and sent to everyone who has not muted the sender. */
  say(ctx: SenderContext, text: string): Rejection | void {
    if (this.chatOff) return { code: "chat-off", message: CHAT_OFF };
    // rated games: spectators do not chat
    if (ctx.seat < 0 && this.play.rated !== null) return { code: "chat-off", message: SPECTATOR_CHAT_OFF };
    const me = this.viewer(ctx.client);
    if (me.chatMute && me.chatMute.until > ctx.now) {
      return { code: "chat-muted", message: `A moderator muted your chat ${untilWords(me.chatMute.until, ctx.now)} (${me.chatMute.reason}). You can still play.` };
    }
    const clean = filterChat(text);
    this.lines.push({ seat: ctx.seat, name: ctx.name, text: clean, at: ctx.now });
    if (this.lines.length > KEPT_CHAT) this.lines.splice(0, this.lines.length - KEPT_CHAT);
    const from = ctx.seat >= 0 ? this.host.seatProfile(ctx.seat) : me.profileId;
    const event = { kind: "chat", seat: ctx.seat, name: ctx.name, text: clean };
    for (const c of this.host.clients()) {
      if (from && this.viewer(c).mutes.has(from)) continue;
      c.send("event", event);
    }
  }

  /** The room's messages `mute`, `block` (a seat, on or off) and `report` (a seat, a reason, a note). */
  messages(): [string, MessageSpec<never>][] {
    const list = (kind: "mute" | "block"): MessageSpec<{ seat: number; on: boolean }> => ({
      who: "anyone",
      patchNow: false,
      parse: listPayload,
      run: (ctx, { seat, on }) => this.list(ctx, kind, seat, on),
    });
    const report: MessageSpec<ReportPayload> = { who: "anyone", patchNow: false, parse: reportPayload, run: (ctx, p) => this.report(ctx, p) };
    return [
      ["mute", list("mute") as MessageSpec<never>],
      ["block", list("block") as MessageSpec<never>],
      ["report", report as MessageSpec<never>],
    ];
  }

  /** Who the sender is, and the profile in `seat`; or a refusal saying why not. */
  private parties(ctx: SenderContext, seat: number): { me: Viewer & { profileId: string }; other: string; home: HomeStore } | Rejection {
    const home = this.home();
    const me = this.viewer(ctx.client);
    if (!home || !me.profileId) return { code: "no-profile", message: "Muting, blocking and reporting need a profile: open the lobby once so this browser makes one, then join again." };
    if (seat === ctx.seat) return { code: "bad-payload", message: "That is your own seat." };
    const other = this.host.seatProfile(seat);
    if (!other) return { code: "no-profile", message: "Nobody with a profile sits in that seat (a bot, an empty seat, or a guest): there is no one to mute, block or report." };
    if (other === me.profileId) return { code: "bad-payload", message: "That is you, from another device." };
    return { me: me as Viewer & { profileId: string }, other, home };
  }

  private list(ctx: SenderContext, kind: "mute" | "block", seat: number, on: boolean): Rejection | void {
    const p = this.parties(ctx, seat);
    if ("code" in p) return p;
    const name = this.seatName(seat);
    // Every connection of the same profile in this room follows at once; the store keeps it for every other room and device.
    for (const c of this.host.clients()) {
      const v = this.viewer(c);
      if (v.profileId !== p.me.profileId) continue;
      const set = kind === "mute" ? v.mutes : v.avoid;
      if (on) set.add(p.other);
      else set.delete(p.other);
    }
    const client = ctx.client;
    p.home.safety.setListed(p.me.profileId, p.other, kind, on, ctx.now).then(
      () => client.send("event", { kind: "listed", list: kind, seat, on, message: listedWords(kind, name, on) }),
      () => client.send("error", { code: "not-saved", message: `The hub could not save that ${kind} just now. Try again in a moment.`, type: kind }),
    );
  }

  private report(ctx: SenderContext, r: ReportPayload): Rejection | void {
    const p = this.parties(ctx, r.seat);
    if ("code" in p) return p;
    const evidence = this.evidence(r.seat);
    const perDay = this.host.settings().reportsPerDay ?? REPORTS_PER_DAY;
    const client = ctx.client;
    p.home.safety.fileReport({ reporterId: p.me.profileId, reportedId: p.other, reason: r.reason, note: r.note, evidence, now: ctx.now }, perDay).then(
      (filed) => {
        if (!filed) {
          client.send("error", { code: "too-many-reports", message: `You can send at most ${perDay} reports a day, and you have sent that many. Mute or block the player now; report again tomorrow.`, type: "report" });
          return;
        }
        client.send("event", { kind: "reported", seat: r.seat, message: `Thanks: your report about ${evidence.reportedName} reached the moderators, with this room's chat and game. Mute or block them too if you want them gone now.` });
      },
      () => client.send("error", { code: "not-saved", message: "The hub could not save your report just now. Try again in a moment.", type: "report" }),
    );
  }

  /** What a report carries: the room's chat and what the replay shows, or, mid-game, only the public view. */
  evidence(seat: number): Evidence {
    const finished = this.finishedGame();
    return {
      game: this.host.gameId(),
      roomId: this.host.roomId(),
      gameId: finished?.gameId ?? null,
      seats: this.seatNames(),
      reportedName: this.seatName(seat),
      chat: this.lines.map((l) => ({ ...l })),
      log: finished ? finished.log : null,
      // what a spectator sees of the table now (never a seat's hidden information)
      publicView: finished ? null : (this.play.game?.view(null) ?? null),
    };
  }
}

function listedWords(kind: "mute" | "block", name: string, on: boolean): string {
  if (kind === "mute") return on ? `${name} is muted: you will not see their chat, in any room, on any of your devices.` : `${name} is no longer muted.`;
  return on ? `${name} is blocked: you will never be seated with them again in quick play or rated play, and they cannot join your private rooms.` : `${name} is no longer blocked.`;
}

function listPayload(payload: unknown): Parsed<{ seat: number; on: boolean }> {
  const o = objectWith(payload, ["seat", "on"]);
  if (!o.ok) return o;
  const { seat, on } = o.value;
  if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) > 15) return badPayload("seat must be a seat number of this room.");
  if (typeof on !== "boolean") return badPayload("on must be true or false.");
  return ok({ seat: seat as number, on });
}

interface ReportPayload {
  seat: number;
  reason: ReportReason;
  note: string;
}

function reportPayload(payload: unknown): Parsed<ReportPayload> {
  const o = objectWith(payload, ["seat", "reason", "note"]);
  if (!o.ok) return o;
  const { seat, reason, note } = o.value;
  if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) > 15) return badPayload("seat must be a seat number of this room.");
  if (typeof reason !== "string" || !(REPORT_REASONS as readonly string[]).includes(reason)) return badPayload(`reason must be one of ${REPORT_REASONS.join(", ")}.`);
  if (note !== undefined && typeof note !== "string") return badPayload("note must be text.");
  const clean = cleanText(typeof note === "string" ? note : "", Infinity);
  if (Array.from(clean).length > NOTE_MAX) return badPayload(`A report's note is limited to ${NOTE_MAX} characters.`);
  return ok({ seat: seat as number, reason: reason as ReportReason, note: clean });
}
