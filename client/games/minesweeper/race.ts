// Versus race (docs/protocol.md, "Minesweeper versus race"): your own board in
// the usual scene (fed by raceFeed.ts), plus a race panel: ready / start, the countdown, every
// racer's progress (percent, alive / out, finish time), the ranked results and,
// once the race is over, every racer's board.
//
// The board you see while racing is your private `players[you].board` (a
// @view() field only your connection receives). Nobody else's cells exist in
// this client before the race is over: the panel draws only progress.
import { RatedBox } from "../shell/rated";
import type { Room } from "colyseus.js";
import type { GameContext, GameHandle } from "../types";
import { h } from "../../ui/dom";
import { seatName } from "../seatName";
import { toast } from "../../ui/toast";
import { typedSend } from "../../net/send";
import { cssColour, formatTime, SEAT_COLOURS } from "./hud";
import { num, RaceFeed, type RaceWire } from "./raceFeed";
import { formatEfficiency, formatRate, replayHref, type StatsLike } from "./result";
import { mountBoard, type MinesweeperScene } from "./boardScene";
import { playAgainOffered, TOURNAMENT_GOES_ON } from "../../tournament/backLink";

/** One racer as the schema has it (RaceSeat), read defensively. */
interface RacerView {
  seat: number;
  name: string;
  occupied: boolean;
  connected: boolean;
  ready: boolean;
  inRace: boolean;
  percent: number;
  alive: boolean;
  finished: boolean;
  finishMs: number;
  outMs: number;
  rank: number;
  /** Public final cells (empty until the race is over). */
  cellsLength: number;
  /** This client holds the seat's private board (only ever its own). */
  hasBoard: boolean;
}

interface RaceResultEntry {
  seat: number;
  name: string;
  rank: number;
  finished: boolean;
  finishMs: number;
  percent: number;
  stats: StatsLike | null;
}

export async function mountRace(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  const feed = new RaceFeed(ctx.session);
  const scene = await mountBoard(host, feed, {
    announce: ctx.announce,
    setSubtitle: ctx.setSubtitle,
    noSeats: true,
    label: "Your race board. Arrow keys move, Enter reveals, F flags, C chords.",
  });
  const panel = new RacePanel(ctx, feed, scene);
  scene.extras.race = () => panel.snapshot();
  scene.onDestroy(() => panel.destroy());
  return scene;
}

class RacePanel {
  private readonly rated: RatedBox;
  readonly el: HTMLElement;
  private statusEl: HTMLElement;
  private readyBtn: HTMLButtonElement;
  private startBtn: HTMLButtonElement;
  private list: HTMLOListElement;
  private results: HTMLElement;
  private countdownEl: HTMLElement;
  private viewingEl: HTMLElement;
  private spectatorNote: HTMLElement;
  private racers: RacerView[] = [];
  private items = new Map<number, { li: HTMLElement; sig: string }>();
  private result: { replayId: number; ranking: RaceResultEntry[] } | null = null;
  private resultsSig = "";
  private offs: (() => void)[] = [];
  private tick: ReturnType<typeof setInterval> | null = null;
  private goFlashUntil = 0;
  private viewingSig = "";
  private lastPhase = "";
  private lastRaceNo = -1;
  private detach: (() => void) | null = null;

  constructor(
    private readonly ctx: GameContext,
    private readonly feed: RaceFeed,
    private readonly scene: MinesweeperScene,
  ) {
    this.statusEl = h("p", { class: "race-status", id: "race-status", role: "status", "aria-live": "polite" }, "Waiting for players…");
    this.readyBtn = h("button", { type: "button", class: "primary", id: "race-ready", "aria-pressed": "false" }, "I'm ready");
    this.readyBtn.addEventListener("click", () => this.toggleReady());
    this.startBtn = h("button", { type: "button", class: "secondary", id: "race-start", hidden: true }, "Start now");
    this.startBtn.addEventListener("click", () => {
      if (!typedSend(ctx.session)("start", {})) toast("Not connected.", "error");
    });
    this.list = h("ol", { class: "race-list", id: "race-racers", "aria-label": "Racers" });
    this.results = h("section", { class: "race-results", id: "race-results", "aria-labelledby": "race-results-h", hidden: true });
    this.rated = new RatedBox(ctx.session, (t) => ctx.announce(t));
    this.countdownEl = h("div", { class: "race-countdown", id: "race-countdown", "aria-hidden": "true" });
    this.viewingEl = h("div", { class: "race-viewing", id: "race-viewing", hidden: true });
    this.el = h(
      "section",
      { class: "race-panel", "aria-label": "Race" },
      this.statusEl,
      h("div", { class: "race-actions" }, this.readyBtn, this.startBtn),
      h("h2", { class: "race-h" }, "Racers"),
      this.list,
      this.results,
    );
    scene.setSide(this.el);
    scene.root.classList.add("ms-race");
    this.spectatorNote = h("div", { class: "race-viewing race-spectator-note", hidden: true }, "Boards are shown after the race");
    const overlay = h("div", { class: "race-overlay" }, this.countdownEl, this.spectatorNote);
    scene.setOverlay(overlay);
    scene.addTool(this.viewingEl);

    this.offs.push(ctx.session.onRoom((room) => this.bind(room)));
    this.offs.push(
      ctx.session.onStatus(() => {
        this.update();
        feed.notifyStatus();
      }),
    );
    this.offs.push(ctx.session.onMessage("seat", () => this.update()));
    this.offs.push(ctx.session.onMessage<Record<string, unknown>>("event", (e) => this.onEvent(e)));
    this.offs.push(
      ctx.session.onMessage<{ code?: string; message?: string }>("error", (e) => {
        toast(e?.message || e?.code || "Refused", "error");
      }),
    );
    this.tick = setInterval(() => this.drawCountdown(), 100);
  }

  private bind(room: Room): void {
    this.detach?.();
    const handler = () => this.update();
    room.onStateChange(handler);
    this.detach = () => room.onStateChange.remove(handler);
    this.update();
  }

  private state(): RaceWire | null {
    return this.feed.raceState();
  }

  private readRacers(state: RaceWire): RacerView[] {
    const out: RacerView[] = [];
    const seats = state?.seats;
    const players = state?.players;
    const n = seats?.length ?? 0;
    for (let i = 0; i < n; i++) {
      const s = seats?.[i];
      const p = players?.[i];
      out.push({
        seat: i,
        name: seatName(s ? { name: String(s.name ?? ""), departed: String(s.departed ?? "") } : undefined, `Seat ${i + 1}`),
        occupied: !!s?.occupied,
        connected: !!s?.connected,
        ready: !!s?.ready,
        inRace: !!p?.inRace,
        percent: num(p?.percent),
        alive: p ? !!p.alive : true,
        finished: !!p?.finished,
        finishMs: num(p?.finishMs, -1),
        outMs: num(p?.outMs, -1),
        rank: num(p?.rank),
        // the public final board's cells (row strings × columns): 0 while racing
        cellsLength: (p?.cellRows?.size ?? 0) * num(state?.cols),
        hasBoard: !!p?.board,
      });
    }
    return out;
  }

  private phase(): string {
    return String(this.state()?.phase ?? "waiting");
  }

  update(): void {
    const state = this.state();
    if (!state) return;
    const phase = this.phase();
    const raceNo = num(state.raceNo);
    if (raceNo !== this.lastRaceNo) {
      if (this.lastRaceNo >= 0) this.result = null; // a new race: old results go
      this.lastRaceNo = raceNo;
    }
    if (phase !== this.lastPhase) {
      if (phase === "racing" || phase === "countdown") this.feed.viewing = null; // back to your own board
      if (phase === "over" && this.feed.mySeat() === null && this.feed.viewing === null) {
        const w = num(state.winner, -1);
        this.feed.viewing = w >= 0 ? w : null;
      }
      this.lastPhase = phase;
    }
    if (phase !== "over" && this.feed.viewing !== null && this.feed.viewing !== this.feed.mySeat()) this.feed.viewing = null;
    this.racers = this.readRacers(state);
    this.feed.refreshFrom(state);
    this.renderStatus(state, phase);
    this.renderList(phase);
    this.renderResults(phase);
    this.renderViewing(phase);
    this.drawCountdown();
  }

  private me(): RacerView | undefined {
    const s = this.feed.mySeat();
    return s === null ? undefined : this.racers[s];
  }

  private renderStatus(state: RaceWire, phase: string): void {
    const me = this.me();
    const occupied = this.racers.filter((r) => r.occupied).length;
    // a racer who is away neither counts toward ready nor holds the race up (the server's rule too)
    const here = this.racers.filter((r) => r.occupied && r.connected);
    const away = occupied - here.length;
    const owner = num(state.owner, -1);
    // the creator starts; while the creator is away, anyone here may
    const canStart = me !== undefined && (owner === me.seat || !this.racers[owner]?.connected);
    const again = playAgainOffered(this.ctx.session.roomId);
    let text: string;
    if (phase === "waiting" || phase === "over") {
      const ready = here.filter((r) => r.ready).length;
      const awayText = away ? ` ${away} away — the race does not wait for ${away === 1 ? "them" : "those away"}.` : "";
      if (phase === "over") {
        const w = num(state.winner, -1);
        text = w >= 0 ? `${w === me?.seat ? "You win" : `${this.racers[w]?.name ?? "Someone"} wins`}! ` : "Everyone is out. ";
        // a tournament's race: no rematch here, the tournament pairs the next one
        text += !me ? "" : again ? "Ready again for a rematch." : TOURNAMENT_GOES_ON.replace(/^./, (c) => c.toUpperCase());
        text += awayText;
      } else if (here.length < 2) {
        // A race needs two. A private room has a code to share (the room bar shows it); a public one fills by quick play.
        const invite = this.ctx.session.isPrivate ? "Share the room code to invite someone." : "The next player to pick Race in quick play joins you here; a race needs two (Solo plays alone).";
        text = `Waiting for players (${here.length}/${num(state.maxSeats, 2)} here). ${invite}${awayText}`;
      }
      else text = `${ready}/${here.length} ready. The race starts when everyone here is ready${canStart ? " — or start it now" : ""}.${awayText}`;
    } else if (phase === "countdown") text = state.preparing ? String(state.preparing) : "Get ready…"; // a no-guess board being made
    else if (phase === "racing") {
      if (!me || !me.inRace) text = "Race on. Boards are shown once it is over.";
      else if (me.finished) text = `You cleared it in ${formatTime(me.finishMs)}.`;
      else if (!me.alive) text = "You hit a mine — you are out. Watch the others finish.";
      else text = "Race on — clear your board first!";
    } else text = phase;
    if (this.statusEl.textContent !== text) this.statusEl.textContent = text;

    const canReady = !!me && (phase === "waiting" || (phase === "over" && again) || phase === "countdown");
    this.readyBtn.hidden = !canReady;
    const ready = !!me?.ready;
    this.readyBtn.setAttribute("aria-pressed", String(ready));
    const label = ready ? "Ready ✓ (cancel)" : phase === "over" ? "Ready for a rematch" : "I'm ready";
    if (this.readyBtn.textContent !== label) this.readyBtn.textContent = label;
    this.readyBtn.className = ready ? "secondary" : "primary";
    this.startBtn.hidden = !(canStart && (phase === "waiting" || (phase === "over" && again)) && here.length >= 2);
  }

  private toggleReady(): void {
    const me = this.me();
    if (!me) return;
    if (!typedSend(this.ctx.session)("ready", { ready: !me.ready })) toast("Not connected.", "error");
  }

  private racerStatus(r: RacerView, phase: string): { text: string; cls: string } {
    if (!r.occupied && !r.inRace) return { text: "open seat", cls: "open" };
    const racing = phase === "racing" || phase === "over";
    if (!racing || !r.inRace) {
      if (phase === "countdown") return { text: "on the line", cls: "ready" };
      return r.ready ? { text: "ready", cls: "ready" } : { text: r.connected ? "not ready" : "away", cls: "idle" };
    }
    if (r.finished) return { text: `finished ${formatTime(r.finishMs)}`, cls: "finished" };
    if (!r.alive) return { text: r.outMs >= 0 ? `out at ${formatTime(r.outMs)}` : "out", cls: "out" };
    return { text: phase === "over" ? "stopped" : "racing", cls: "alive" };
  }

  private renderList(phase: string): void {
    const me = this.feed.mySeat();
    const shown = this.racers.filter((r) => r.occupied || r.inRace);
    const keep = new Set<number>();
    const order = phase === "over" ? [...shown].sort((a, b) => (a.rank || 99) - (b.rank || 99) || a.seat - b.seat) : shown;
    const nodes: HTMLElement[] = [];
    for (const r of order) {
      keep.add(r.seat);
      const st = this.racerStatus(r, phase);
      const viewing = this.feed.shownSeat() === r.seat;
      const canView = phase === "over" && r.inRace;
      const sig = JSON.stringify([r.name, r.percent, st.text, st.cls, r.rank, canView, viewing, r.seat === me, phase === "over"]);
      let item = this.items.get(r.seat);
      if (!item || item.sig !== sig) {
        const pct = Math.max(0, Math.min(100, r.percent));
        const bar = h(
          "div",
          {
            class: "race-bar",
            role: "progressbar",
            "aria-valuemin": 0,
            "aria-valuemax": 100,
            "aria-valuenow": pct,
            "aria-label": `${r.name}: ${pct}% cleared`,
          },
          h("span", { style: `width:${pct}%;background:${cssColour(SEAT_COLOURS[r.seat % SEAT_COLOURS.length])}` }),
        );
        const view = canView
          ? h("button", { type: "button", class: "small secondary", "data-view": r.seat, "aria-pressed": String(viewing), "aria-label": `View ${r.name}'s board` }, viewing ? "Viewing" : "View board")
          : null;
        view?.addEventListener("click", () => this.view(r.seat));
        const li = h(
          "li",
          { class: `race-racer race-${st.cls}${r.seat === me ? " race-me" : ""}${viewing && phase === "over" ? " race-viewed" : ""}`, "data-seat": r.seat },
          h("span", { class: "ms-swatch", style: `background:${cssColour(SEAT_COLOURS[r.seat % SEAT_COLOURS.length])}` }),
          h("span", { class: "race-name" }, r.rank && phase === "over" ? `${r.rank}. ` : "", r.name, r.seat === me ? " (you)" : ""),
          h("span", { class: "race-pct" }, `${pct.toFixed(pct % 1 ? 1 : 0)}%`),
          bar,
          h("span", { class: "race-state" }, st.text),
          view,
        );
        if (item) item.li.replaceWith(li);
        item = { li, sig };
        this.items.set(r.seat, item);
      }
      nodes.push(item.li);
    }
    for (const [seat, item] of this.items) {
      if (!keep.has(seat)) {
        item.li.remove();
        this.items.delete(seat);
      }
    }
    // keep the order without re-creating items
    nodes.forEach((li, k) => {
      if (this.list.children[k] !== li) this.list.insertBefore(li, this.list.children[k] ?? null);
    });
  }

  private view(seat: number): void {
    this.feed.viewing = seat === this.feed.mySeat() ? null : seat;
    this.update();
    const name = this.racers[seat]?.name ?? `Seat ${seat + 1}`;
    this.ctx.announce(`Showing ${seat === this.feed.mySeat() ? "your" : `${name}'s`} board.`);
  }

  private renderViewing(phase: string): void {
    const shown = this.feed.shownSeat();
    const me = this.feed.mySeat();
    const sig = `${phase}|${shown}|${me}|${shown !== null ? this.racers[shown]?.name : ""}`;
    this.spectatorNote.hidden = !(me === null && phase === "racing");
    this.scene.showFlagTool(me !== null && (shown === null || shown === me) && phase !== "over");
    if (sig === this.viewingSig) return;
    this.viewingSig = sig;
    let content: (Node | string)[] | null = null;
    if (phase === "over" && shown !== null && shown !== me) {
      const back = me !== null ? h("button", { type: "button", class: "small", id: "race-view-mine" }, "Back to mine") : null;
      back?.addEventListener("click", () => this.view(me!));
      content = [h("span", {}, "Viewing ", h("strong", {}, this.racers[shown]?.name ?? "a racer"), "'s board"), ...(back ? [back] : [])];
    }
    this.viewingEl.hidden = !content;
    if (content) this.viewingEl.replaceChildren(...content);
  }

  private renderResults(phase: string): void {
    if (phase !== "over") {
      this.results.hidden = true;
      this.resultsSig = "";
      return;
    }
    const state = this.state();
    const ranking: RaceResultEntry[] =
      this.result?.ranking ??
      this.racers
        .filter((r) => r.inRace)
        .sort((a, b) => (a.rank || 99) - (b.rank || 99))
        .map((r) => ({ seat: r.seat, name: r.name, rank: r.rank, finished: r.finished, finishMs: r.finishMs, percent: r.percent, stats: null }));
    const replayId = this.result?.replayId ?? num(state?.replayId, -1);
    const sig = JSON.stringify([ranking, replayId, this.feed.shownSeat()]);
    if (sig === this.resultsSig) return;
    this.resultsSig = sig;
    const me = this.feed.mySeat();
    const rows = ranking.map((e) => {
      const r = this.racers[e.seat];
      const out = r && !r.alive && !r.finished;
      return h(
        "tr",
        { "data-seat": e.seat, class: e.seat === me ? "race-me" : "" },
        h("td", {}, String(e.rank)),
        h("th", { scope: "row" }, e.name, e.seat === me ? " (you)" : ""),
        h("td", {}, e.finished ? formatTime(e.finishMs) : `${e.percent}%${out ? " · out" : ""}`),
        h("td", {}, e.stats ? `${e.stats.threeBVSolved}/${e.stats.threeBV}` : "—"),
        h("td", {}, formatRate(e.stats?.threeBVPerSecond)),
        h("td", {}, e.stats ? String(e.stats.clicks) : "—"),
        h("td", {}, formatEfficiency(e.stats?.efficiency)),
      );
    });
    const replay = replayId > 0 ? h("a", { class: "button-link", href: replayHref(replayId), id: "race-replay" }, "Watch the replay") : null;
    this.results.replaceChildren(
      h("h2", { id: "race-results-h", class: "race-h" }, "Results"),
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { class: "race-table" },
          h("thead", {}, h("tr", {}, ...["#", "Racer", "Time", "3BV", "3BV/s", "Clicks", "Eff."].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, ...rows),
        ),
      ),
    );
    // A rated race's rating changes (they may arrive a moment after the results).
    this.results.append(this.rated.el);
    this.rated.show(num(state?.raceNo, 0), me, (seat) => this.racers[seat]?.name || `Racer ${seat + 1}`);
    if (replay) this.results.append(replay);
    // The server finished the race but could not write it yet (its storage is failing).
    else if (replayId === 0) this.results.append(h("p", { class: "race-note", id: "race-not-saved" }, "Result not saved yet: the server cannot write to its storage right now and keeps trying; the replay link appears here once it is saved."));
    this.results.hidden = false;
  }

  private onEvent(e: Record<string, unknown>): void {
    const kind = e?.kind;
    if (kind === "go") {
      this.goFlashUntil = performance.now() + 700;
      this.ctx.announce("Go!");
    } else if (kind === "countdown") {
      this.ctx.announce("The race starts in 3 seconds.");
    } else if (kind === "countdown-cancelled") {
      toast("Countdown cancelled.");
    } else if (kind === "out") {
      const seat = num(e.seat, -1);
      if (seat === this.feed.mySeat()) this.ctx.announce("You hit a mine: you are out.");
      else this.ctx.announce(`${this.racers[seat]?.name ?? "A racer"} is out.`);
    } else if (kind === "finished") {
      const seat = num(e.seat, -1);
      this.ctx.announce(`${seat === this.feed.mySeat() ? "You" : this.racers[seat]?.name ?? "A racer"} cleared the board in ${formatTime(num(e.elapsed))}.`);
    } else if (kind === "result") {
      const ranking = Array.isArray(e.ranking) ? (e.ranking as RaceResultEntry[]) : [];
      this.result = { replayId: num(e.replayId, -1), ranking };
      this.update();
    } else if (kind === "saved" && this.result) {
      this.result = { ...this.result, replayId: num(e.replayId, -1) };
      this.ctx.announce("The race result is saved now.");
      this.update();
    }
  }

  private drawCountdown(): void {
    const state = this.state();
    const phase = this.phase();
    let text = "";
    if (phase === "countdown") {
      const left = num(state?.countdownEndsAt) - this.ctx.session.clock.now();
      text = left > 0 ? String(Math.ceil(left / 1000)) : "GO!";
    } else if (performance.now() < this.goFlashUntil) text = "GO!";
    if (this.countdownEl.textContent !== text) this.countdownEl.textContent = text;
    this.countdownEl.hidden = !text;
  }

  snapshot(): Record<string, unknown> {
    const state = this.state();
    return {
      phase: this.phase(),
      raceNo: num(state?.raceNo),
      countdown: this.countdownEl.textContent,
      countdownEndsAt: num(state?.countdownEndsAt),
      goAt: num(state?.goAt),
      winner: num(state?.winner, -1),
      replayId: this.result?.replayId ?? num(state?.replayId, -1),
      viewing: this.feed.shownSeat(),
      status: this.statusEl.textContent,
      racers: this.racers.map((r) => ({ ...r })),
      results: this.result?.ranking ?? null,
    };
  }

  destroy(): void {
    this.rated.destroy();
    if (this.tick) clearInterval(this.tick);
    this.detach?.();
    for (const off of this.offs) off();
  }
}

