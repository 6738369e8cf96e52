// What a game's message handlers and room-made moves see: the acting seat, the clock,
// and how to announce what happened (once for all, or per viewer); the message gate's spec.

import type { Client, Delayed } from "@colyseus/core";
import type { Rejection } from "../../../common/core/rules.js";
import type { HubState } from "./HubState.js";
import { badPayload, cleanText, emptyPayload, objectWith, ok, type Parsed } from "./validate.js";

/**
 * Who is acting and how to announce it: a player's message (`SenderContext`) or an
 * input the room makes itself (`serverMove`: a bot's move, a timer expiring).
 */
export interface MoveContext {
  /** The sending connection; null for a server-originated move. */
  client: Client | null;
  /** The acting seat, or −1 for a spectator. */
  seat: number;
  name: string;
  /** Server time (ms since epoch) the move is handled at. */
  now: number;
  /** Queues a one-shot `event` broadcast, sent right after this move's patch. */
  emit(event: HubEvent): void;
  /**
   * Queues events that differ per viewer (hidden information): after the patch, every
   * connection receives `build(seat)` for its own seat (−1 for spectators), in order with
   * the events queued by `emit`. `build` is called once per distinct seat.
   */
  emitPer(build: (seat: number) => HubEvent[]): void;
  /**
   * Where the move's caller can wait (a message's or a server move's own context): the move
   * waits for the room log's group commit (server/rooms/game/groupCommit.ts) instead of being
   * sent now. Returns `resume`, which the room calls once it has applied the move (null) or
   * refused it: the caller then sends its patch and events (or its refusal). Once per context.
   */
  suspend?(): (refusal: Rejection | null) => void;
}

/** The sender of an accepted-so-far message, as a game handler sees it. */
export interface SenderContext extends MoveContext {
  client: Client;
}

/** A move a bot-played seat wants to make (see `planBots`). */
export interface BotPlan {
  seat: number;
  /** Thinking time before the move (ms, measured on the room clock). */
  delayMs: number;
  /**
   * What the bot intends (e.g. the move as JSON). A re-plan with the same key keeps the
   * running delay, so a busy table never starves a bot's out-of-turn call.
   */
  key: string;
  /** Applies the move (through the rules). `false`: nothing to do any more. */
  run(ctx: MoveContext): Rejection | void | false;
}

export interface HubEvent {
  kind: string;
  [key: string]: unknown;
}

export interface MessageSpec<P> {
  /** "seat" (default): seated players only, others get `not-seated`; "anyone": spectators too. */
  who?: "seat" | "anyone";
  /** Rate-limit bucket (default "main"; "cursor" for pointer updates). */
  bucket?: "main" | "cursor";
  /** Send the patch right after an accepted message (default true). Off for cursors/chat. */
  patchNow?: boolean;
  /** Shape/type/range check of the raw payload. */
  parse(payload: unknown): Parsed<P>;
  /** Applies the message. Return a Rejection to refuse it; it must then have changed nothing. */
  run(ctx: SenderContext, payload: P): Rejection | void;
}

/** A timer started with `later()` (a Colyseus `Delayed` whose `clear()` also cancels a due run). */
export type RoomTimer = Pick<Delayed, "clear">;

const MAX_ECHOED_TYPE = 64;

/** The `type` an error reply carries: the message's type as received, cut to 64 characters ("" if none decoded). */
export function echoType(type: unknown): string {
  return type === undefined || type === null ? "" : String(type).slice(0, MAX_ECHOED_TYPE);
}


const MAX_CHAT = 200;

/** `chat {text}`: printable text, 1–200 characters. */
export function chatPayload(payload: unknown): Parsed<{ text: string }> {
  const o = objectWith(payload, ["text"]);
  if (!o.ok) return o;
  const { text } = o.value;
  if (typeof text !== "string") return badPayload("text must be a string.");
  const clean = cleanText(text, Infinity);
  if (clean.length === 0) return badPayload("Say something.");
  if (Array.from(clean).length > MAX_CHAT) return badPayload(`Chat lines are limited to ${MAX_CHAT} characters.`);
  return ok({ text: clean });
}

/** `ready {ready}`: true or false. */
export function readyPayload(payload: unknown): Parsed<{ ready: boolean }> {
  const o = objectWith(payload, ["ready"]);
  if (!o.ok) return o;
  if (typeof o.value.ready !== "boolean") return badPayload("ready must be true or false.");
  return ok({ ready: o.value.ready });
}

/** What the room's own messages need of it. */
export interface BaseMessagesRoom {
  define<P>(type: string, spec: MessageSpec<P>): void;
  /** Colyseus' onMessage, for the catch-alls. */
  onAny(type: string, fn: (client: Client, ...rest: unknown[]) => void): void;
  refuseUnknown(client: Client, type: unknown): void;
  state(): HubState;
  onReadyChanged(seat: number, ready: boolean): void;
  onStart(ctx: SenderContext): Rejection | void;
  /** A chat line passed its checks: the room says it (server/safety/roomSafety.ts), or by default everyone hears it. */
  onChat?(ctx: SenderContext, text: string): Rejection | void;
}

/** The messages every room has (docs/protocol.md "Messages"): chat, ready, start, and an answer to unknown types. */
export function defineBaseMessages(room: BaseMessagesRoom): void {
  room.define<{ text: string }>("chat", {
    who: "anyone",
    patchNow: false,
    parse: chatPayload,
    run: (ctx, { text }) => {
      if (room.onChat) return room.onChat(ctx, text);
      ctx.emit({ kind: "chat", seat: ctx.seat, name: ctx.name, text });
    },
  });
  room.define<{ ready: boolean }>("ready", {
    parse: readyPayload,
    run: (ctx, { ready }) => {
      room.state().seats[ctx.seat].ready = ready;
      room.onReadyChanged(ctx.seat, ready);
    },
  });
  room.define("start", {
    parse: emptyPayload,
    run: (ctx) => {
      // The creator starts; while the creator is away, anyone here may (nobody waits on an absent owner).
      const owner = room.state().seats[room.state().owner];
      if (ctx.seat !== room.state().owner && owner?.connected) return { code: "not-allowed", message: "Only the room's creator can start." };
      return room.onStart(ctx);
    },
  });
  // Unknown types. Colyseus calls "*" with (client, type, payload), except when the
  // type itself is "*" (then (client, payload)).
  room.onAny("*", (client: Client, ...rest: unknown[]) => {
    room.refuseUnknown(client, rest.length >= 2 ? rest[0] : "*");
  });
  // Colyseus' built-in fallback is addressable by name and would kick the sender.
  room.onAny("__no_message_handler", (client: Client) => room.refuseUnknown(client, "__no_message_handler"));
}
