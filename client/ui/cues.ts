// "It's your turn" and "something happened", for players who look away: a sound, the page
// title and favicon, a vibration on phones, and a notification when the tab is hidden (if
// the player allowed it). Generic over games: read from the room's `acting` seats (the
// definition's `whoActs`, in room seats). One seat waited for: "your turn" lasts while it is
// ours. Several at once (`together`): a one-shot cue when that starts waiting for us (a race's
// go, a secret arrange); nothing for a seat alone on its board. A
// game whose seats may all act while one has the turn names that seat (ClientGame.turnSeat).
// Sounds follow the `event` kinds of every game.
import type { Room } from "colyseus.js";
import type { RoomSession } from "../net/session";
import { h } from "./dom";
import { onSoundChange, playTone, setSound, soundOn, unlockAudioOnGesture, type Tone } from "./sound";

/** What the cues did (window.__hub.state().cues): tests count them, players never see it. */
export interface CueStats {
  played: Record<string, number>;
  muted: number;
  vibrations: number;
  notifications: number;
  yourTurn: boolean;
  /** The page title and whether the alert favicon is up, read at the same moment. */
  title: string;
  alertIcon: boolean;
}

const stats: Omit<CueStats, "title" | "alertIcon"> = { played: {}, muted: 0, vibrations: 0, notifications: 0, yourTurn: false };

export function cueStats(): CueStats {
  return { ...stats, played: { ...stats.played }, title: document.title, alertIcon: favicon()?.getAttribute("href") === ALERT_ICON };
}

function cue(tone: Tone): void {
  if (playTone(tone)) stats.played[tone] = (stats.played[tone] ?? 0) + 1;
  else stats.muted++;
}

/** Another seat's move, for a game whose moves send no event (the patch alone shows it). */
export function cueOtherMove(): void {
  cue("play");
}

const ALERT_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23ffb000'/%3E%3Ccircle cx='8' cy='8' r='3.5' fill='%23d43a2a'/%3E%3C/svg%3E";
const TURN_PREFIX = "● Your turn — ";

function favicon(): HTMLLinkElement | null {
  return document.querySelector("link[rel=icon]");
}

function vibrate(pattern: number | number[]): void {
  const coarse = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  if (!coarse || typeof navigator.vibrate !== "function") return;
  // Before the first tap Chromium blocks the call and logs an intervention on the page.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    if (navigator.vibrate(pattern)) stats.vibrations++;
  } catch {
    /* not allowed here */
  }
}

function notify(title: string, body: string): void {
  if (!document.hidden || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    const n = new Notification(title, { body, tag: "hub-turn" });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    stats.notifications++;
  } catch {
    /* some phones only allow notifications from a service worker */
  }
}

/** A game holds the turn cues while it shows what led to the turn (a battle playing out). */
let holding = false;
const rechecks = new Set<() => void>();

/** Holds (true) or releases (false) every "your turn" cue; on release the room is checked again. */
export function holdTurnCues(on: boolean): void {
  if (holding === on) return;
  holding = on;
  for (const fn of [...rechecks]) fn();
}

/** What the cues read of the room's state: the generic turn fields (GameRoomState). */
interface TurnFields {
  acting?: Iterable<number>;
  together?: boolean;
}

/** The game the cues speak for: its name, and the seat on turn where every seat may act (ClientGame). */
export interface CueGame {
  title: string;
  turnSeat?(state: unknown): number | null;
}

export class Cues {
  private offs: (() => void)[] = [];
  private unbind: (() => void) | null = null;
  private myTurn = false;
  /** Our seat and whether it was among the acting seats at the last check. */
  private seen: { me: number | null; acts: boolean } | null = null;
  private normalIcon: string | null = favicon()?.getAttribute("href") ?? null;

  constructor(
    private session: RoomSession,
    private game: CueGame,
  ) {
    unlockAudioOnGesture();
    this.offs.push(session.onRoom((room) => this.bind(room)));
    this.offs.push(session.onMessage<Record<string, unknown>>("event", (e) => this.onEvent(e)));
    // our seat may arrive after the state: the turn may already be ours
    this.offs.push(session.onMessage("seat", () => this.recheck?.()));
  }

  private recheck: (() => void) | null = null;

  private bind(room: Room): void {
    this.unbind?.();
    const check = () => this.check(room);
    this.recheck = check;
    room.onStateChange(check);
    rechecks.add(check);
    this.unbind = () => {
      room.onStateChange.remove(check);
      rechecks.delete(check);
    };
    check();
  }

  private mySeat(): number | null {
    const s = this.session;
    return s.spectator || s.seat === null || s.seat < 0 ? null : s.seat;
  }

  private check(room: Room): void {
    const state = room.state as TurnFields | undefined;
    if (!state) return;
    const me = this.mySeat();
    const acting = Array.from(state.acting ?? []);
    const acts = me !== null && acting.includes(me);
    const lead = acts && state.together && this.game.turnSeat ? this.game.turnSeat(state) : null;
    // one seat waited for (or, where all may act, the seat whose turn it is): a lasting turn
    const mine = !holding && acts && (!state.together || lead === me);
    // several racing or choosing at once: one nudge when that starts waiting for us (not on
    // joining a game already under way, nor for a game that names whose turn it is)
    const together = acts && !!state.together && acting.length > 1 && !this.game.turnSeat;
    if (!holding && together && this.seen?.me === me && !this.seen.acts) this.nudge("Your move");
    this.seen = { me, acts };
    if (mine && !this.myTurn) this.startTurn("Your turn");
    else if (!mine && this.myTurn) this.endTurn();
  }

  /** A one-shot cue: sound, buzz, notification; the title stays as it is (nothing lasting to do). */
  private nudge(what: string): void {
    cue("turn");
    vibrate([90, 60, 90]);
    notify(`${what} — ${this.game.title}`, `Room ${this.session.roomId}: the table is waiting for you.`);
  }

  private startTurn(what: string): void {
    this.myTurn = true;
    stats.yourTurn = true;
    cue("turn");
    vibrate([90, 60, 90]);
    if (!document.title.startsWith(TURN_PREFIX)) document.title = TURN_PREFIX + document.title;
    favicon()?.setAttribute("href", ALERT_ICON);
    notify(`${what} — ${this.game.title}`, `Room ${this.session.roomId}: the table is waiting for you.`);
  }

  private endTurn(): void {
    this.myTurn = false;
    stats.yourTurn = false;
    if (document.title.startsWith(TURN_PREFIX)) document.title = document.title.slice(TURN_PREFIX.length);
    if (this.normalIcon) favicon()?.setAttribute("href", this.normalIcon);
  }

  private onEvent(e: Record<string, unknown>): void {
    const me = this.mySeat();
    const seat = typeof e.seat === "number" ? e.seat : -1;
    switch (e.kind) {
      case "play":
        if (seat !== me) cue("play");
        break;
      case "uhoh":
        if (seat !== me) cue("alert");
        break;
      case "caught":
        cue("alert");
        if (e.target === me) vibrate(200);
        break;
      case "win":
        cue(seat === me ? "win" : "lose");
        break;
      case "won":
        cue("win");
        break;
      case "lost":
        cue("lose");
        break;
      case "result": {
        // a race's ranking: first place wins
        const ranking = Array.isArray(e.ranking) ? (e.ranking as { seat?: number; rank?: number }[]) : [];
        const mine = ranking.find((r) => r.seat === me);
        if (mine) cue(mine.rank === 1 ? "win" : "lose");
        break;
      }
      case "out":
        if (seat === me) cue("lose");
        break;
    }
  }

  destroy(): void {
    this.endTurn();
    this.unbind?.();
    for (const off of this.offs) off();
  }
}

// Drawn icons: emoji fonts are missing on many systems (a box instead of a speaker).
const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const ICON_ON = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;
const ICON_OFF = `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">${SPEAKER}<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;
const ICON_BELL = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM9.5 18a2.5 2.5 0 0 0 5 0" fill="currentColor"/></svg>';

/** The room bar's sound toggle (speaker / crossed speaker) and, where the browser can, "notify me on my turn". */
export function cueControls(): { el: HTMLElement; destroy(): void } {
  const sound = h("button", { type: "button", class: "small cue-btn", id: "sound-toggle" });
  const paint = (on: boolean) => {
    sound.innerHTML = on ? ICON_ON : ICON_OFF;
    sound.setAttribute("aria-pressed", String(on));
    sound.setAttribute("aria-label", on ? "Sound on (tap to mute)" : "Sound off (tap to turn on)");
    sound.title = on ? "Sound on — tap to mute" : "Sound off — tap to turn on";
  };
  paint(soundOn());
  sound.addEventListener("click", () => setSound(!soundOn()));
  const off = onSoundChange(paint);
  // Phone browsers show notifications only from an installed app's service worker: no bell there.
  const coarse = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  const canNotify = !coarse && typeof Notification !== "undefined" && Notification.permission === "default";
  const bell = h("button", { type: "button", class: "small cue-btn", id: "notify-toggle", hidden: !canNotify, title: "Notify me when it is my turn and this tab is hidden", "aria-label": "Notify me on my turn" });
  bell.innerHTML = ICON_BELL;
  bell.addEventListener("click", () => {
    void Notification.requestPermission().then(() => {
      bell.hidden = Notification.permission !== "default";
    });
  });
  return { el: h("div", { class: "cue-controls" }, sound, bell), destroy: off };
}
