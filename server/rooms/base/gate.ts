// The message gate: every client message passes here before the game sees it.
//
// In order: rate limit (`rate-limited`, then the flood guard) → size (`too-large`) →
// seat (`not-seated`) → the message's `parse` (`bad-payload`, `out-of-range`...) → `run`
// (game rejections). A refusal is answered `error {code, message, type}` and changes
// nothing; an accepted message runs exclusively, is patched to everyone at once, and its
// queued events follow (one per viewer when they differ). A message that would change what
// the room log holds is refused `not-saved` while the log cannot take writes (disk full).

import { getMessageBytes, Protocol, type Client } from "@colyseus/core";
import type { Rejection } from "../../../common/core/rules.js";
import type { HubSettings } from "../../settings.js";
import { FloodGuard, type FloodCut } from "./flood.js";
import { armJoinDeadline } from "./joinDeadline.js";
import { echoType, type HubEvent, type MessageSpec, type MoveContext, type SenderContext } from "./messages.js";
import { TokenBucket } from "./rateLimit.js";
import { payloadSize } from "./validate.js";

/** What the room keeps on each connection (`client.userData`). */
export interface ClientData {
  role: "seat" | "spectator" | "none";
  seat: number;
  name: string;
  bucket: TokenBucket;
  cursorBucket: TokenBucket;
  flood: FloodGuard;
  /** Stops the unfinished-join timer (see joinDeadline.ts). */
  cancelJoinDeadline: () => void;
  /**
   * The seat's owner holds its token: one of their connections finished joining (the `seat`
   * message went out with it). Kept across reconnections, so a reconnection's socket that
   * drops before its own join completes is a drop, not a join that never happened.
   */
  ownerHasToken?: boolean;
  /**
   * Reconnection tokens the player may hold: the one of its last completed join, and those of
   * the reconnections since that were cut before completing (JOIN_ROOM may or may not have
   * reached it). A drop accepts any of them (reconnection.ts).
   */
  reconnectionTokens?: string[];
}

export function clientData(client: Client): ClientData | undefined {
  return client.userData as ClientData | undefined;
}

/** A fresh connection's limits and guards (no role yet); `onCut` hears of a connection cut for flooding. */
export function newClientData(client: Client, settings: HubSettings, name: string, onCut?: FloodCut): ClientData {
  return {
    role: "none",
    seat: -1,
    name,
    bucket: new TokenBucket(settings.messageRate),
    cursorBucket: new TokenBucket(settings.cursorRate),
    flood: new FloodGuard(client, settings.floodStrikes, settings.maxSendBufferBytes, undefined, onCut),
    cancelJoinDeadline: armJoinDeadline(client, settings.joinTimeoutSeconds),
  };
}

const RATE_LIMITED = "Too many messages: this one and the rest this second were dropped. Slow down, or you will be disconnected.";

/** What the gate needs from its room. */
export interface GateHost {
  clients(): Iterable<Client>;
  maxPayloadChars(): number;
  seatOf(client: Client): number;
  isDisposing(): boolean;
  broadcast(type: string, message: unknown): void;
  exclusive(fn: () => void, mover: Client | null): void;
  /** `exclusive` for a client's message: it waits its turn while the room's last move waits for its group commit (answers included). */
  message(fn: () => void, mover: Client): void;
  commit(): void;
  /** Null when what `type` changes can be saved now; else its refusal (the room log is failing: disk full). */
  unsaved(type: string): Rejection | null;
  /** Runs a send now, or once the room's held change is saved. */
  whenSaved(fn: () => void): void;
  /** A message was accepted and its patch written; `seconds` from its arrival (metrics). */
  accepted?(type: string, seconds: number): void;
  /** A message was refused (metrics, log). */
  refused?(client: Client, type: string, code: string, message: string): void;
}

/** A move's context and what its caller does with it once the move has run. */
export interface MoveRun {
  ctx: MoveContext;
  /** Sends the queued events (after the patch). */
  flush(): void;
  /** Did the move wait for the room log's group commit (`ctx.suspend`)? */
  suspended(): boolean;
  /** What to do once a suspended move is applied (refusal null) or refused. */
  onResume(fn: (refusal: Rejection | null) => void): void;
}

export class MessageGate {
  constructor(private readonly host: GateHost) {}

  /**
   * Admits (or refuses) one message of a registered type, then runs it: one entry, one
   * exclusive run. Behind a move waiting for its group commit the whole message waits its
   * turn (the scheduler's `message`), checks included, so a client's answers keep its order.
   */
  dispatch<P>(client: Client, type: string, payload: unknown, spec: MessageSpec<P>): void {
    const received = performance.now();
    let queued = false;
    let moved = false;
    this.host.message(() => {
      moved = this.admit(client, type, payload, spec, received);
      // Run from the queue, inside the resumed move's exclusive run: counted where it ran.
      if (moved && queued) this.host.accepted?.(type, (performance.now() - received) / 1000);
    }, client);
    queued = true;
    // The outermost exclusive run has uncorked every socket: the patch is written.
    if (moved) this.host.accepted?.(type, (performance.now() - received) / 1000);
  }

  /** The checks and the run of one message (inside its exclusive run). True: a saving message was applied and sent. */
  private admit<P>(client: Client, type: string, payload: unknown, spec: MessageSpec<P>, received: number): boolean {
    const data = clientData(client);
    if (!data || data.role === "none") return false; // a replaced connection on its way out
    const bucket = spec.bucket === "cursor" ? data.cursorBucket : data.bucket;
    if (!bucket.take()) {
      this.overLimit(client, data, type, spec.bucket ?? "main");
      return false;
    }
    const max = this.host.maxPayloadChars();
    if (payloadSize(payload) > max) return this.refused(client, type, "too-large", `Messages are limited to ${max} bytes.`);
    const seat = this.host.seatOf(client);
    if ((spec.who ?? "seat") === "seat" && seat < 0) return this.refused(client, type, "not-seated", "Only seated players can do that; spectators watch.");
    const parsed = spec.parse(payload);
    if (!parsed.ok) return this.refused(client, type, parsed.error.code, parsed.error.message);
    const saves = spec.patchNow !== false;
    // What the room log cannot take now is not run at all (a move is also written before it applies).
    const unsaved = saves ? this.host.unsaved(type) : null;
    if (unsaved) return this.refused(client, type, unsaved.code, unsaved.message);
    const m = this.moveContext(client, seat, data.name);
    const rejection = spec.run(m.ctx as SenderContext, parsed.value);
    if (rejection) return this.refused(client, type, rejection.code, rejection.message);
    const send = () => {
      if (saves) this.host.commit();
      this.host.whenSaved(m.flush);
    };
    if (!m.suspended()) {
      send();
      return saves;
    }
    // The move waits for the room log's group commit: sent (or refused) once it is written.
    m.onResume((refusal) => {
      if (refusal) return this.refuse(client, type, refusal.code, refusal.message);
      send();
      if (saves) this.host.accepted?.(type, (performance.now() - received) / 1000);
    });
    return false;
  }

  /** A message of a type nobody registered (still counted against the sender's limit). */
  refuseUnknown(client: Client, type: unknown): void {
    this.host.message(() => {
      const data = clientData(client);
      if (!data || data.role === "none") return;
      if (!data.bucket.take()) return this.overLimit(client, data, type, "main");
      this.refuse(client, type, "unknown-type", `Unknown message type ${JSON.stringify(echoType(type))}.`);
    }, client);
  }

  private refused(client: Client, type: unknown, code: string, message: string): false {
    this.refuse(client, type, code, message);
    return false;
  }

  /** Answers a refused message. */
  refuse(client: Client, type: unknown, code: string, message: string): void {
    const echoed = echoType(type);
    client.send("error", { code, message, type: echoed });
    this.host.refused?.(client, echoed, code, message);
  }

  /**
   * A context whose queued events `flush()` sends (after the patch). A move that waits for the
   * room log's group commit calls `ctx.suspend()`: `suspended()` then says so, and the caller
   * hears through `onResume` when the room has applied it (null) or refused it.
   */
  moveContext(client: Client | null, seat: number, name: string): MoveRun {
    type Queued = { event: HubEvent } | { build: (seat: number) => HubEvent[] };
    const queued: Queued[] = [];
    let suspended = false;
    let resumed: { refusal: Rejection | null } | null = null;
    let onResume: ((refusal: Rejection | null) => void) | null = null;
    const ctx: MoveContext = {
      client,
      seat,
      name,
      now: Date.now(),
      emit: (event) => queued.push({ event }),
      emitPer: (build) => queued.push({ build }),
      suspend: () => {
        // Once: a second move in the same context (the next game's first) is written on its own.
        ctx.suspend = undefined;
        suspended = true;
        return (refusal) => {
          if (onResume) onResume(refusal);
          else resumed = { refusal };
        };
      },
    };
    const flush = () => {
      if (this.host.isDisposing()) return;
      for (const q of queued) {
        if ("event" in q) {
          this.host.broadcast("event", q.event);
          continue;
        }
        // Each distinct event object is encoded once, however many viewers it goes to
        // (builds for different seats share the objects they have in common).
        const bySeat = new Map<number, HubEvent[]>();
        const bytes = new Map<HubEvent, Buffer>();
        for (const c of this.host.clients()) {
          const d = clientData(c);
          if (!d || d.role === "none") continue;
          const viewer = this.host.seatOf(c);
          let events = bySeat.get(viewer);
          if (!events) {
            events = q.build(viewer);
            bySeat.set(viewer, events);
          }
          for (const event of events) {
            let b = bytes.get(event);
            if (!b) bytes.set(event, (b = getMessageBytes.raw(Protocol.ROOM_DATA, "event", event)));
            c.enqueueRaw(b);
          }
        }
      }
    };
    return {
      ctx,
      flush,
      suspended: () => suspended,
      onResume: (fn) => {
        onResume = fn;
        if (resumed) fn(resumed.refusal);
      },
    };
  }

  /** A message over the rate limit: answered once a second; a client that keeps on is disconnected. */
  private overLimit(client: Client, data: ClientData, type: unknown, bucket: "main" | "cursor"): void {
    if (data.flood.overLimit(bucket) === "reply") this.refuse(client, type, "rate-limited", RATE_LIMITED);
  }
}
