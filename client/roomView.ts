// The frame around a game: back to lobby, title, private code + invite link,
// connection state, spectating banner, "seat lost" notice. The game scene
// itself is loaded on demand (one chunk per game).
import { deviceLinkButton } from "./ui/deviceLink";
import { showLinkPanel } from "./ui/linkPanel";
import type { ConnStatus, RoomSession } from "./net/session";
import type { GameHandle } from "./games/types";
import { clientGame, gameName } from "./games/registry";
import { h } from "./ui/dom";
import { explainJoinFailure } from "./net/joinErrors";
import { Cues, cueControls } from "./ui/cues";
import { PresenceStrip } from "./ui/presence";
import { ChatPanel } from "./ui/chatPanel";

export interface RoomActions {
  /** Leave the room and show the lobby. */
  toLobby(): void;
  /** Watch this room instead (after losing the seat). */
  spectate(roomId: string): void;
}

export function inviteLink(code: string): string {
  return `${location.origin}${location.pathname}#/join/${code}`;
}

export function statusText(s: ConnStatus): string {
  switch (s.kind) {
    case "connecting":
      return "Connecting…";
    case "connected":
      return "Connected";
    case "reconnecting":
      return `Reconnecting… (attempt ${s.attempt})`;
    case "offline":
      return typeof navigator !== "undefined" && navigator.onLine === false
        ? `You are offline — back as soon as you are online (attempt ${s.attempt})`
        : `Can't reach the server — still trying (attempt ${s.attempt})`;
    case "seat-lost":
      return "Seat lost";
    case "left":
      return "Left the room";
  }
}

/** What a delayed spectator is told: the game is live, shown late, and when its first frame comes. */
export function delayedBanner(s: RoomSession): string | null {
  if (!s.spectator || s.delaySeconds <= 0) return null;
  const n = s.firstFrameIn();
  return `Live game, shown ${s.delaySeconds} s late${n > 0 ? ` — the table appears in ${n} s` : ""}`;
}

export class RoomView {
  readonly el: HTMLElement;
  handle: GameHandle | null = null;
  private subtitle: HTMLElement;
  private codeBox: HTMLElement;
  private connEl: HTMLElement;
  private connText: HTMLElement;
  private retryBtn: HTMLButtonElement;
  private banner: HTMLElement;
  /** Shown while the room is away (server restarting, connection dropped): what is happening, what to do. */
  private away: HTMLElement;
  private notice: HTMLElement;
  private live: HTMLElement;
  private body: HTMLElement;
  private offs: (() => void)[] = [];
  private destroyed = false;
  private countdown: ReturnType<typeof setInterval> | null = null;
  readonly presence: PresenceStrip;
  private device: { el: HTMLElement; refresh(): void };

  constructor(readonly session: RoomSession, private actions: RoomActions) {
    const back = h("button", { type: "button", class: "back", id: "back-to-lobby" }, "← Lobby");
    back.addEventListener("click", () => actions.toLobby());
    this.subtitle = h("span", { class: "room-sub" });
    this.codeBox = h("div", { class: "room-code", hidden: true });
    this.connText = h("span", { class: "conn-text" });
    this.retryBtn = h("button", { type: "button", class: "small", hidden: true }, "Retry now");
    this.retryBtn.addEventListener("click", () => session.retryNow());
    this.connEl = h(
      "div",
      { class: "conn", id: "conn-state", role: "status", "aria-live": "polite" },
      h("span", { class: "conn-dot", "aria-hidden": "true" }),
      this.connText,
      this.retryBtn,
    );
    this.banner = h("div", { class: "spectating", hidden: true, role: "note" }, "Spectating — you are watching this table");
    this.away = h("div", { class: "reconnecting", id: "reconnecting", hidden: true, role: "status" });
    this.notice = h("div", { class: "notice-layer", hidden: true });
    this.live = h("p", { class: "sr-only", "aria-live": "polite" });
    this.body = h("div", { class: "room-body" });
    this.presence = new PresenceStrip(session, clientGame(session.game)?.botTookSeat);
    const cues = new Cues(session, { title: gameName(session.game), turnSeat: clientGame(session.game)?.turnSeat });
    const controls = cueControls();
    this.device = deviceLinkButton(session);
    // chat, and Mute / Block / Report for each person at the table (docs/safety.md)
    const chat = new ChatPanel(session);
    this.offs.push(() => this.presence.destroy(), () => cues.destroy(), controls.destroy, () => chat.destroy());
    this.el = h(
      "section",
      { class: "room", "aria-label": gameName(session.game) },
      h(
        "header",
        { class: "room-bar" },
        back,
        h("div", { class: "room-title" }, h("h1", {}, gameName(session.game)), this.subtitle),
        this.connEl,
        // on a phone, chat stays on the first line: the tools' line is full
        chat.button,
        // the room's own tools; on a phone they take the second line, after ← Lobby and the title
        h("div", { class: "room-tools" }, this.codeBox, this.device.el, controls.el),
      ),
      this.banner,
      this.away,
      this.presence.el,
      this.body,
      this.notice,
      chat.el,
      this.live,
    );
    this.offs.push(session.onStatus((s) => this.onStatus(s)));
    this.offs.push(session.onMessage("welcome", () => this.refreshHeader()));
    this.offs.push(session.onMessage("seat", () => this.refreshHeader()));
    this.refreshHeader();
  }

  async mount(): Promise<void> {
    const load = clientGame(this.session.game)?.scene;
    if (!load) {
      this.body.append(h("p", { class: "coming-soon" }, `${gameName(this.session.game)} is coming soon.`));
      return;
    }
    this.body.append(h("p", { class: "loading" }, "Loading…"));
    const mod = await load();
    if (this.destroyed) return;
    this.body.replaceChildren();
    const handle = await mod.mount(this.body, {
      session: this.session,
      seatFigure: clientGame(this.session.game)?.seatFigure,
      setSubtitle: (t) => {
        if (this.subtitle.textContent !== t) this.subtitle.textContent = t;
      },
      announce: (t) => {
        this.live.textContent = t;
      },
    });
    if (this.destroyed) handle.destroy();
    else this.handle = handle;
  }

  private refreshHeader(): void {
    const s = this.session;
    this.device.refresh();
    this.banner.hidden = !s.spectator;
    this.banner.textContent = delayedBanner(s) ?? "Spectating — you are watching this table";
    this.banner.classList.toggle("is-delayed", s.delaySeconds > 0);
    // a delayed view counts down to its first frame
    if (s.firstFrameIn() > 0 && !this.countdown) {
      this.countdown = setInterval(() => {
        this.banner.textContent = delayedBanner(s) ?? "";
        if (s.firstFrameIn() === 0 && this.countdown) {
          clearInterval(this.countdown);
          this.countdown = null;
        }
      }, 250);
      this.offs.push(() => this.countdown && clearInterval(this.countdown));
    }
    this.el.classList.toggle("is-spectator", s.spectator);
    if (s.daily) {
      // One's own try at the day's challenge: nobody else may sit or watch, so no invite.
      const day = new Date(`${s.daily}T00:00:00Z`).toLocaleDateString(undefined, { day: "numeric", month: "short", timeZone: "UTC" });
      this.codeBox.replaceChildren(h("strong", { class: "room-daily", id: "room-daily", style: "white-space:nowrap" }, `Daily challenge · ${day}`));
      this.codeBox.hidden = false;
    } else if (s.isPrivate && !s.spectator) {
      const copy = h("button", { type: "button", class: "small", id: "copy-invite", title: "The invite link and its QR code, to share" }, "Invite");
      copy.addEventListener("click", () => this.showInvite(copy));
      this.codeBox.replaceChildren(
        h("span", {}, "Code "),
        h("strong", { class: "code", id: "room-code", "aria-label": `Room code ${s.roomId.split("").join(" ")}` }, s.roomId),
        copy,
      );
      this.codeBox.hidden = false;
    } else {
      this.codeBox.hidden = true;
    }
  }

  private showInvite(opener: HTMLElement): void {
    const code = this.session.roomId;
    const shut = showLinkPanel({
      id: "invite-panel",
      title: `Invite to room ${code}`,
      text: `Friends scan this code or open the link to join this game; or they type the code ${code} in the lobby.`,
      link: inviteLink(code),
      qrLabel: `QR code of the invite link to room ${code}`,
      copied: "Invite link copied.",
      opener,
    });
    this.offs.push(shut);
  }

  private onStatus(s: ConnStatus): void {
    this.connText.textContent = statusText(s);
    this.connEl.dataset.state = s.kind;
    this.retryBtn.hidden = s.kind !== "offline" && s.kind !== "reconnecting";
    const away = s.kind === "reconnecting" || s.kind === "offline";
    this.away.hidden = !away;
    if (away) {
      const kept = this.session.spectator ? "You will be watching again as soon as it is back." : "Your seat is kept: stay on this page and you will be back in it.";
      this.away.textContent = `Lost the connection to the game (the server may be restarting). Reconnecting… ${kept}`;
    }
    if (s.kind === "seat-lost") this.showSeatLost(s.reason);
  }

  private showSeatLost(reason: string): void {
    const back = h("button", { type: "button", class: "primary", id: "seat-lost-lobby" }, "Back to lobby");
    back.addEventListener("click", () => this.actions.toLobby());
    const gone = /not found|disposed|is locked/i.test(reason);
    // the server's words ("room … not found") never reach the player as they are
    const text = /another tab or device/.test(reason) ? `${reason} Carry on there, or go back to the lobby here.` : explainJoinFailure(this.session.roomId, new Error(reason), { spectate: false, reclaim: true }).text;
    const watch = gone ? null : h("button", { type: "button", class: "secondary" }, "Watch this room");
    watch?.addEventListener("click", () => this.actions.spectate(this.session.roomId));
    this.notice.replaceChildren(
      h(
        "div",
        { class: "notice", role: "alertdialog", "aria-labelledby": "seat-lost-h", "aria-describedby": "seat-lost-p" },
        h("h2", { id: "seat-lost-h" }, "Your seat is gone"),
        h("p", { id: "seat-lost-p" }, text),
        h("div", { class: "notice-actions" }, back, watch),
      ),
    );
    this.notice.hidden = false;
    back.focus();
  }

  destroy(): void {
    this.destroyed = true;
    for (const off of this.offs) off();
    this.handle?.destroy();
    this.handle = null;
    this.el.remove();
  }
}

/** A full-page message (joining…, could not join, seat gone) with a way back. */
export function messagePage(title: string, text: string, actions: { label: string; run: () => void; primary?: boolean }[]): HTMLElement {
  const buttons = actions.map((a) => {
    const b = h("button", { type: "button", class: a.primary ? "primary" : "secondary" }, a.label);
    b.addEventListener("click", a.run);
    return b;
  });
  const el = h(
    "section",
    { class: "message-page", role: "alert" },
    h("div", { class: "notice" }, h("h2", {}, title), h("p", {}, text), h("div", { class: "notice-actions" }, ...buttons)),
  );
  queueMicrotask(() => buttons[0]?.focus());
  return el;
}
