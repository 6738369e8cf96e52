// The replay of a stored card-table game (#/replay/ID): the record re-run in the browser with
// the common/ rules (common/table/replay.ts), one step per event. A finished game shows
// everything — every hand, every library in order, every card named in the lines; Play / Pause,
// step, speed, a scrubber, and the log where a line is a place to jump to. The battlefields
// and piles are drawn on the live table's Pixi canvas (boards.ts); every zone of every player
// is listed below it. Phone portrait: one battlefield at a time (tabs), as at the live table.
import { replayTable, type TableRecord } from "../../../common/table/replay";
import { turnMarks } from "./marks";
import type { CardView, PlayerView, TableView } from "../../../common/table/visibility";
import type { PageFrame, PageHandle } from "../../pages/page";
import { h } from "../../ui/dom";
import { replayControls } from "../../ui/replayControls";
import { BoardsView } from "./boards";
import { cardEl } from "./cards";
import { shownSeats } from "./layout";
import { formatName } from "./words";
import "./table.css";

const SPEEDS = [0.5, 1, 2, 4] as const;
/** Time one event stays on screen at 1× (ms): a table game is hours long, events are what matter. */
const EVENT_MS = 1200;
/** How a stored table game ended, in words (the record's result is a code). */
const RESULT_WORDS: Record<string, string> = { agreed: "ended by agreement", conceded: "ended by concession", abandoned: "not finished" };
const SIDE_ZONES = ["hand", "library", "graveyard", "exile", "command", "sideboard"] as const;

export function mountTableReplay(frame: PageFrame, record: TableRecord & { id: number; result: string }): PageHandle {
  const replay = replayTable(record);
  const last = replay.steps.length - 1;
  let k = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let focus = 0;
  const names = (v: TableView) => v.players.map((p) => p.name);
  const who = record.seats.filter(Boolean).join(", ");
  const ended = RESULT_WORDS[record.result] ?? record.result;
  frame.setSubtitle([`Card table · ${formatName(record.config.format)}`, who, ended, replay.everything ? "every card shown" : "as a spectator saw it"].filter(Boolean).join(" · "));

  const marks = turnMarks(replay.steps);

  const root = h("div", { class: "tt tt-replay", id: "tt-replay" });
  const line = h("p", { class: "tt-replay-line", id: "replay-line", "aria-live": "polite" });
  // The transport: client/ui/replayControls.ts (one step per event).
  const controls = replayControls({
    speeds: SPEEDS,
    total: Math.max(0, last),
    unit: "event",
    startLabel: "Back to the deal",
    position: () => k,
    seek,
    onPlaying: (on) => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (on) schedule();
      draw();
    },
    posText: () => `Event ${k} / ${last}`,
    valueText: () => `Event ${k} of ${last}: ${replay.steps[k]?.line?.text ?? "The cards are dealt."}`,
    below: [line],
    className: "tt-replay-controls",
    announce: (t) => frame.announce(t),
    marks,
  });
  const tabs = h("nav", { class: "tt-tabs", id: "tt-tabs", "aria-label": "Battlefields" });
  const boardsView = new BoardsView(() => draw());
  const boards = h("div", { class: "tt-boards", id: "tt-boards" });
  const log = h("ol", { class: "tt-log", id: "tt-log", "aria-label": "Game log" });
  const broken = h("p", { class: "page-error", role: "alert", hidden: !replay.broken }, replay.broken ? `This record stops replaying at move ${replay.broken.index + 1}: ${replay.broken.reason}` : "");
  root.append(controls.el, broken, tabs, boardsView.el, boards, h("aside", { class: "tt-side" }, h("h3", {}, "Log"), log));
  frame.body.append(root);

  if (!replay.steps.length) {
    root.replaceChildren(h("p", { class: "page-error", role: "alert" }, "This game ended before the cards were dealt: there is nothing to replay."));
    controls.destroy();
    return { el: frame.el, snapshot: () => ({ page: "replay", ready: true, game: "table", replay: { position: 0, total: 0 } }), renderNow() {}, resume() {}, destroy: () => frame.el.remove() };
  }

  const pileEl = (v: TableView, g: number, zone: (typeof SIDE_ZONES)[number]) => {
    const zv = v.zones[`${g}.${zone}`] ?? { count: 0 };
    const cards = zv.cards ?? zv.known?.map(([, c]) => c) ?? [];
    // Hand and library in the order they are held (library: top first), everything else top last.
    const shown = zone === "hand" || zone === "library" ? cards : [...cards].reverse();
    return h(
      "details",
      { class: `tt-replay-zone tt-${zone}`, "data-zone": `${g}.${zone}`, open: zone === "hand" && cards.length > 0 },
      h("summary", {}, `${zone} `, h("span", { class: "tt-count" }, String(zv.count))),
      h("div", { class: "tt-list" }, ...shown.slice(0, 60).map((c) => cardEl(c))),
    );
  };

  const header = (v: TableView, g: number, p: PlayerView) =>
    h(
      "header",
      { class: `tt-player${v.turn.active === g ? " tt-active" : ""}`, "data-seat": g },
      h("strong", {}, p.name),
      h("span", { class: "tt-life", "data-life": p.life }, ` ♥ ${p.life}`),
      p.poison ? h("span", {}, ` ☠ ${p.poison}`) : null,
      h("span", { class: "tt-handcount" }, ` · hand ${p.cards.hand} · library ${p.cards.library}`),
      v.winners?.includes(g) ? h("span", { class: "tt-won" }, " · won") : null,
    );

  function draw(): void {
    const v = replay.view(k);
    const step = replay.steps[k];
    if (focus >= v.players.length) focus = 0;
    tabs.replaceChildren(
      ...names(v).map((n, i) => {
        const b = h("button", { type: "button", class: `small${i === focus ? " tt-tab-on" : ""}`, "data-seat": i }, n);
        b.addEventListener("click", () => {
          focus = i;
          draw();
        });
        return b;
      }),
    );
    // The battlefields on the canvas; every zone of the shown players listed under it.
    const phone = window.innerWidth < 700;
    const seats = shownSeats(v.players.length, -1, focus, phone);
    // The canvas fills the screen under the controls (the zone lists follow below it).
    const top = boardsView.el.getBoundingClientRect().top + window.scrollY;
    boardsView.el.style.height = `${Math.max(phone ? 380 : 420, Math.min(900, window.innerHeight - top - 8))}px`;
    boardsView.render({
      seats,
      hand: null,
      othersHand: () => true,
      zone: (key) => v.zones[key] ?? { count: 0 },
      arrows: v.arrows,
      signals: v.signals ?? [],
      topRevealed: (g) => !!v.players[g]?.topRevealed,
      active: v.turn.active,
      header: (b) => header(v, b.seat, v.players[b.seat]),
    });
    boards.replaceChildren(
      ...seats.map((g) =>
        h("section", { class: "tt-board tt-focus", "data-seat": g }, h("h3", {}, v.players[g].name), h("div", { class: "tt-replay-zones" }, ...SIDE_ZONES.map((z) => pileEl(v, g, z)))),
      ),
    );
    const text = step.line ? step.line.text : "The cards are dealt.";
    line.textContent = text;
    log.replaceChildren(
      ...replay.steps.map((s, i) => {
        const li = h("li", { "data-step": i, class: i === k ? "tt-now" : i > k ? "tt-later" : "" }, s.line ? s.line.text : "The cards are dealt.");
        li.addEventListener("click", () => seek(i));
        return li;
      }),
    );
    log.querySelector(".tt-now")?.scrollIntoView({ block: "nearest" });
    controls.update();
  }

  function seek(i: number): void {
    k = Math.max(0, Math.min(last, i));
    draw();
  }

  function schedule(): void {
    timer = setTimeout(() => {
      if (!controls.playing) return;
      if (k >= last) return controls.finish();
      seek(k + 1);
      schedule();
    }, EVENT_MS / controls.speed);
  }

  const onResize = () => draw();
  window.addEventListener("resize", onResize);
  void boardsView.init("The battlefields and piles at this point of the game.").then((ok) => ok && draw());
  draw();

  return {
    el: frame.el,
    snapshot: () => {
      const v = replay.view(k);
      return {
        page: "replay",
        ready: true,
        game: "table",
        replay: { id: record.id, position: k, total: last, playing: controls.playing, speed: controls.speed, done: k >= last, everything: replay.everything, broken: replay.broken, line: replay.steps[k].line?.text ?? "" },
        lines: replay.steps.slice(1, k + 1).map((s) => s.line!.text),
        hands: v.players.map((_, g) => (v.zones[`${g}.hand`]?.cards ?? []).map((c) => c.card?.name ?? "?")),
        marks,
        focus,
        signals: v.signals?.length ?? 0,
        canvas: boardsView.ready ? boardsView.snapshot() : null,
      };
    },
    renderNow: () => boardsView.canvas.freeze(),
    resume: () => boardsView.canvas.thaw(),
    destroy: () => {
      controls.destroy();
      if (timer) clearTimeout(timer);
      window.removeEventListener("resize", onResize);
      boardsView.destroy();
      frame.el.remove();
    },
  };
}
