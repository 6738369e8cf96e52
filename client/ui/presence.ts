// Who is away, reconnecting or replaced by a bot, in words on every screen size (a coloured
// dot alone says nothing on a phone), with a toast when it changes. Generic over games: it
// reads the base seat fields every room state has (name, occupied, connected, bot).
import type { Room } from "colyseus.js";
import type { RoomSession } from "../net/session";
import { h } from "./dom";
import { toast } from "./toast";

interface SeatLike {
  name?: string;
  occupied?: boolean;
  connected?: boolean;
  bot?: boolean;
}

/** A seat's presence: a person here, a person away (a bot may play for them), a bot seat, free. */
export type Presence = "here" | "away" | "away-bot" | "bot" | "free";

export function presenceOf(s: SeatLike): Presence {
  if (!s.occupied) return "free";
  if (s.bot) return s.connected ? "bot" : "away-bot";
  return s.connected ? "here" : "away";
}

/** The strip's words for a seat that is not simply here (null: nothing to say). */
export function presenceWords(name: string, p: Presence): string | null {
  if (p === "away") return `${name} lost connection — reconnecting, their seat is kept`;
  if (p === "away-bot") return `${name} is away — a bot plays for them until they are back`;
  return null;
}

interface Seen {
  name: string;
  p: Presence;
}

export class PresenceStrip {
  readonly el: HTMLElement;
  /** The latest words per seat (tests read them through window.__hub). */
  lines: string[] = [];
  private seen: Seen[] | null = null;
  /** Per seat: the person a bot replaced when they left (until a person sits there again). */
  private replaced = new Map<number, string>();
  private offs: (() => void)[] = [];
  private unbind: (() => void) | null = null;

  /** `botTookSeat`: the game's words when a bot takes the seat of a person who left (its ClientGame entry's). */
  constructor(
    private session: RoomSession,
    private botTookSeat?: BotTookSeat,
  ) {
    this.el = h("div", { class: "presence", id: "presence", hidden: true, role: "status", "aria-live": "polite" });
    this.offs.push(session.onRoom((room) => this.bind(room)));
  }

  private bind(room: Room): void {
    this.unbind?.();
    const check = () => this.update(room);
    room.onStateChange(check);
    this.unbind = () => room.onStateChange.remove(check);
    check();
  }

  private update(room: Room): void {
    const state = room.state as { seats?: Iterable<SeatLike>; game?: string } | undefined;
    if (!state?.seats) return;
    const me = this.session.spectator ? -1 : this.session.seat ?? -1;
    const now: Seen[] = Array.from(state.seats, (s) => ({ name: s.name || "A player", p: presenceOf(s) }));
    if (now.length === 0) return;
    const before = this.seen;
    this.seen = now;
    if (before) {
      now.forEach((s, i) => {
        const was = before[i];
        if (!was || i === me) return;
        const line = change(was, s, this.botTookSeat);
        if (line) toast(line);
        if (s.p === "bot" && (was.p === "here" || was.p === "away" || was.p === "away-bot")) this.replaced.set(i, was.name);
        else if (s.p !== "bot") this.replaced.delete(i);
      });
    }
    this.lines = now
      .map((s, i) => {
        if (i === me) return null;
        const left = this.replaced.get(i);
        return left ? `${s.name} (a bot) plays for ${left}, who left` : presenceWords(s.name, s.p);
      })
      .filter((x): x is string => x !== null);
    const text = this.lines.join(" · ");
    if (this.el.textContent !== text) this.el.textContent = text;
    this.el.hidden = this.lines.length === 0;
  }

  destroy(): void {
    this.unbind?.();
    for (const off of this.offs) off();
  }
}

/** A game's toast for a bot taking the seat of `left`, who left. */
export type BotTookSeat = (left: string, bot: string) => string;

/** The toast for a seat's change, or null when nothing worth saying happened. */
export function change(was: Seen, now: Seen, botTookSeat: BotTookSeat = (left, bot) => `${left} left. ${bot} took the seat.`): string | null {
  if (was.p === now.p && was.name === now.name) return null;
  if (was.p === "here" && now.p === "away") return `${was.name} lost connection. Their seat is kept while they reconnect.`;
  if ((was.p === "here" || was.p === "away") && now.p === "away-bot") return `${now.name} is still away: a bot plays for them until they come back.`;
  if ((was.p === "away" || was.p === "away-bot") && now.p === "here") return `${now.name} is back.`;
  if ((was.p === "here" || was.p === "away" || was.p === "away-bot") && now.p === "bot") {
    return botTookSeat(was.name, now.name);
  }
  if (was.p !== "free" && was.p !== "bot" && now.p === "free") return `${was.name} left the room.`;
  if (was.p === "free" && now.p === "here") return `${now.name} joined.`;
  if (was.p === "bot" && now.p === "here") return `${now.name} joined, taking ${was.name}'s seat.`;
  return null;
}
