// The room's chat and its people, in every game (docs/safety.md): a "Chat" button in the room
// bar opens a panel (a bottom sheet on phones) with the chat lines, a line to write, and each
// other person at the table with Mute, Block and Report. The server decides everything (who is
// behind a seat never reaches the page); the panel says in words what it did, or why not.
import "./chat.css";
import type { RoomSession } from "../net/session";
import { h } from "./dom";
import { onPeopleAsked } from "./people";

const REASONS: [string, string][] = [
  ["chat", "Abuse in chat"],
  ["cheating", "Cheating"],
  ["stalling", "Stalling the game"],
  ["name", "Offensive name"],
];

interface SeatLike {
  name: string;
  occupied: boolean;
  bot: boolean;
}

export class ChatPanel {
  readonly button: HTMLButtonElement;
  readonly el: HTMLElement;
  private lines: HTMLElement;
  private people: HTMLElement;
  private status: HTMLElement;
  private input: HTMLInputElement;
  private report: HTMLElement;
  private reportSeat = -1;
  private muted = new Set<number>();
  private blocked = new Set<number>();
  private unread = 0;
  private offs: (() => void)[] = [];

  constructor(private session: RoomSession) {
    this.button = h("button", { type: "button", class: "small", id: "chat-open", "aria-expanded": "false", "aria-controls": "chat-panel" }, "Chat");
    this.button.addEventListener("click", () => this.toggle());
    this.lines = h("ul", { class: "chat-lines", id: "chat-lines", "aria-label": "Chat" });
    this.people = h("ul", { class: "chat-people", id: "chat-people", "aria-label": "People at the table" });
    this.status = h("p", { class: "chat-status", id: "chat-status", role: "status", "aria-live": "polite" });
    this.input = h("input", { type: "text", id: "chat-input", maxlength: 200, autocomplete: "off", "aria-label": "Your message", placeholder: "Say something…" });
    const form = h("form", { class: "chat-form" }, this.input, h("button", { type: "submit", class: "primary", id: "chat-send" }, "Send"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.say();
    });
    const select = h("select", { id: "report-reason", "aria-label": "What happened" }, ...REASONS.map(([v, t]) => h("option", { value: v }, t)));
    const note = h("textarea", { id: "report-note", maxlength: 300, rows: 2, placeholder: "What happened (optional)", "aria-label": "What happened, in your words" });
    const send = h("button", { type: "button", class: "primary", id: "report-send" }, "Send report");
    const cancel = h("button", { type: "button", class: "secondary", id: "report-cancel" }, "Cancel");
    send.addEventListener("click", () => {
      if (this.session.send("report", { seat: this.reportSeat, reason: select.value, note: note.value })) this.say_status("Sending your report…");
      else this.say_status("Not connected: try again in a moment.");
      note.value = "";
      this.report.hidden = true;
    });
    cancel.addEventListener("click", () => (this.report.hidden = true));
    this.report = h(
      "div",
      { class: "chat-report", id: "report-form", hidden: true },
      h("p", { class: "chat-report-title", id: "report-title" }),
      select,
      note,
      h("p", { class: "chat-hint" }, "The moderators see this room's chat and what the game shows everyone; never anyone's hidden cards."),
      h("div", { class: "chat-actions" }, send, cancel),
    );
    const close = h("button", { type: "button", class: "secondary small", id: "chat-close" }, "Close");
    close.addEventListener("click", () => this.toggle(false));
    this.el = h(
      "section",
      { class: "chat-panel", id: "chat-panel", hidden: true, role: "dialog", "aria-label": "Chat and people" },
      h("header", { class: "chat-head" }, h("h2", {}, "Chat and people"), close),
      this.people,
      this.report,
      this.status,
      this.lines,
      form,
    );
    this.offs.push(onPeopleAsked((seat) => this.open(seat)));
    this.offs.push(session.onMessage("event", (e: { kind?: string; [k: string]: unknown }) => this.onEvent(e)));
    this.offs.push(session.onMessage("error", (e: { type?: string; message?: string }) => {
      if (e.type === "chat" || e.type === "mute" || e.type === "block" || e.type === "report") this.say_status(String(e.message ?? "Refused."));
    }));
    this.offs.push(session.onRoom((room) => {
      const refresh = () => this.drawPeople();
      room.onStateChange(refresh);
      this.offs.push(() => room.onStateChange.remove(refresh));
      refresh();
    }));
  }

  private toggle(open = this.el.hidden): void {
    this.el.hidden = !open;
    this.button.setAttribute("aria-expanded", String(open));
    if (open) {
      this.unread = 0;
      this.button.textContent = "Chat";
      this.drawPeople();
      this.input.focus();
    }
  }

  private say(): void {
    const text = this.input.value.trim();
    if (!text) return;
    if (this.session.send("chat", { text })) this.input.value = "";
    else this.say_status("Not connected: your message was not sent. Try again in a moment.");
  }

  private say_status(text: string): void {
    this.status.textContent = text;
  }

  private onEvent(e: { kind?: string; [k: string]: unknown }): void {
    if (e.kind === "chat") {
      const seat = Number(e.seat);
      const who = h("button", { type: "button", class: "chat-name link", title: "Mute, block or report" }, String(e.name ?? "?"));
      who.addEventListener("click", () => this.focusPerson(seat));
      this.lines.append(h("li", { class: "chat-line" }, who, h("span", {}, `: ${String(e.text ?? "")}`)));
      while (this.lines.children.length > 100) this.lines.firstElementChild?.remove();
      this.lines.scrollTop = this.lines.scrollHeight;
      if (this.el.hidden) this.button.textContent = `Chat (${++this.unread})`;
    } else if (e.kind === "listed") {
      const set = e.list === "mute" ? this.muted : this.blocked;
      if (e.on) set.add(Number(e.seat));
      else set.delete(Number(e.seat));
      this.say_status(String(e.message ?? ""));
      this.drawPeople();
    } else if (e.kind === "reported") {
      this.say_status(String(e.message ?? "Report sent."));
    }
  }

  private focusPerson(seat: number): void {
    this.toggle(true);
    document.getElementById(`mute-${seat}`)?.focus();
  }

  /** Opened from elsewhere (the seat list, the end screen): the people first, not the chat line. */
  open(seat?: number): void {
    if (seat !== undefined) return this.focusPerson(seat);
    this.toggle(true);
    this.people.querySelector("button")?.focus();
  }

  private drawPeople(): void {
    const seats = (this.session.room?.state as { seats?: Iterable<SeatLike> } | undefined)?.seats;
    if (!seats || this.el.hidden) return;
    const me = this.session.spectator ? -1 : (this.session.seat ?? -1);
    const rows: HTMLElement[] = [];
    let i = 0;
    for (const s of seats) {
      const seat = i++;
      if (seat === me || !s.occupied || s.bot) continue;
      const mute = h("button", { type: "button", class: "small", id: `mute-${seat}` }, this.muted.has(seat) ? "Unmute" : "Mute");
      mute.addEventListener("click", () => this.session.send("mute", { seat, on: !this.muted.has(seat) }));
      const block = h("button", { type: "button", class: "small", id: `block-${seat}` }, this.blocked.has(seat) ? "Unblock" : "Block");
      block.addEventListener("click", () => this.session.send("block", { seat, on: !this.blocked.has(seat) }));
      const report = h("button", { type: "button", class: "small danger", id: `report-${seat}` }, "Report");
      report.addEventListener("click", () => {
        this.reportSeat = seat;
        document.getElementById("report-title")!.textContent = `Report ${s.name} to the moderators`;
        this.report.hidden = false;
        (document.getElementById("report-reason") as HTMLSelectElement).focus();
      });
      rows.push(h("li", { class: "chat-person" }, h("span", { class: "chat-person-name" }, s.name), h("span", { class: "chat-actions" }, mute, block, report)));
    }
    if (rows.length === 0) rows.push(h("li", { class: "chat-hint" }, "Nobody else sits here yet."));
    this.people.replaceChildren(...rows);
  }

  destroy(): void {
    for (const off of this.offs) off();
    this.el.remove();
    this.button.remove();
  }
}
