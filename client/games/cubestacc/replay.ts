// A finished Cubestacc game played back (#/replay/ID): the record's log re-run with the
// common/cubestacc rules and drawn on the live game's Pixi table (tableView.ts, board.ts).
// The game is over, so the replay shows every hand beside the stack. Marks under the
// scrubber: a K stack taken, a player caught without UH OH, the win.
import { cubestaccRules } from "../../../common/cubestacc/rules";
import type { CubestaccEvent, CubestaccState } from "../../../common/cubestacc/types";
import { GameSession } from "../../../common/core/session";
import { h } from "../../ui/dom";
import type { ReplayMark } from "../../ui/replayControls";
import { movesTransport, ReplayEngine, type ReplayRecord } from "../replayEngine";
import type { PageFrame, PageHandle } from "../../pages/page";
import { cardLabel, cubeSvg, svgUrl } from "./art";
import { attachTableInput } from "./input";
import { normYaw } from "./geometry";
import { TableView, type TableChrome } from "./tableView";
import type { CubeModel } from "./model";
import "./cubestacc.css";
import "./replay.css";

const STEP_MS = 1100;

/** What each move did, in words, and the moments worth a mark. */
export function replayStory(record: ReplayRecord): { lines: string[]; marks: ReplayMark[] } {
  const name = (seat: number) => record.seats[seat] || `Seat ${seat + 1}`;
  const session = new GameSession(cubestaccRules, record.seed, record.config as never, Math.max(1, record.seats.length));
  const lines: string[] = [];
  const marks: ReplayMark[] = [];
  for (let i = 0; i < record.log.length; i++) {
    const { seat, move, t } = record.log[i];
    const r = session.apply(seat, move, t);
    if (!r.ok) break;
    const words: string[] = [];
    for (const e of r.events as CubestaccEvent[]) {
      const said = eventWords(e, name, (session.state as CubestaccState).config.pack);
      if (said) words.push(said);
      if (e.kind === "take") marks.push({ at: i + 1, label: `${name(e.seat)} takes the K stack (${e.got})` });
      if (e.kind === "caught") marks.push({ at: i + 1, label: `${name(e.seat)} catches ${name(e.target)}` });
      if (e.kind === "win") marks.push({ at: i + 1, label: e.blocked ? "Nobody can play: the game ends" : `${name(e.seat)} wins` });
    }
    lines.push(words.join(" "));
  }
  return { lines, marks };
}

function eventWords(e: CubestaccEvent, name: (seat: number) => string, pack: CubestaccState["config"]["pack"]): string {
  const of = (got: number, wanted: number) => (got < wanted ? `${got} of ${wanted}` : `${got}`);
  switch (e.kind) {
    case "play":
      return `${name(e.seat)} played the ${cardLabel(e.card, pack, e.suit)}.`;
    case "draw":
      return e.reason === "draw" || e.reason === "timeout" ? `${name(e.seat)} drew a card.` : "";
    case "jack":
      return `${name(e.seat)} draws ${of(e.got, e.wanted)} (Jack).`;
    case "take":
      return `${name(e.seat)} took the K stack: ${of(e.got, e.wanted)} cards.`;
    case "caught":
      return `${name(e.seat)} caught ${name(e.target)} without UH OH: +${of(e.got, e.wanted)}.`;
    case "uhoh":
      return `${name(e.seat)} called UH OH!`;
    case "reverse":
      return "The direction reversed.";
    case "skip":
      return `${name(e.seat)} is skipped.`;
    case "extra":
      return `${name(e.seat)} plays again.`;
    case "dump":
      return `${name(e.seat)} may lay more ${e.rank}s.`;
    case "pass":
      return `${name(e.seat)} passed.`;
    case "timeout":
      return `${name(e.seat)} ran out of time.`;
    case "win":
      return e.blocked ? "Nobody can play or draw: fewest cards wins." : `${name(e.seat)} played their last card and wins!`;
    default:
      return "";
  }
}

export async function mountCubestaccReplay(frame: PageFrame, record: ReplayRecord): Promise<PageHandle> {
  const engine = new ReplayEngine(record, cubestaccRules);
  const state = () => engine.session.state as CubestaccState;
  const name = (seat: number) => record.seats[seat] || `Seat ${seat + 1}`;
  const { lines, marks } = replayStory(record);
  const final = engine.finalState<CubestaccState>();
  const outcome = final.winner !== null ? `${name(final.winner)} won` : record.result;
  frame.setSubtitle(`Cubestacc · ${record.seats.map((_, s) => name(s)).join(", ")} · ${outcome}`);

  // ---- the table's chrome: camera buttons and the deck, as the live game has them
  let yaw = normYaw(0);
  const yawEl = h("span", { class: "cs-yaw", "aria-live": "polite" }, "0°");
  const ctl = (label: string, title: string, run: () => void, id: string) => {
    const b = h("button", { type: "button", class: "cs-ctl", title, "aria-label": title, id }, label);
    b.addEventListener("click", run);
    return b;
  };
  const viewControls = h(
    "div",
    { class: "cs-view", role: "toolbar", "aria-label": "Camera" },
    ctl("⟲", "Rotate the view left", () => rotate(-1), "cs-rot-left"),
    yawEl,
    ctl("⟳", "Rotate the view right", () => rotate(1), "cs-rot-right"),
    ctl("−", "Zoom out", () => view.board.camera.zoom(1 / 1.25), "cs-zoom-out"),
    ctl("+", "Zoom in", () => view.board.camera.zoom(1.25), "cs-zoom-in"),
    ctl("◎", "Fit the stack on screen", () => view.board.camera.recentre(), "cs-centre"),
  );
  const deckCount = h("span", {}, "");
  const deckEl = h("span", { class: "cs-deck", id: "csr-deck", title: "Cards left in the deck" }, h("span", { class: "cs-deck-pic", "aria-hidden": "true" }), deckCount);
  const chrome: TableChrome = {
    viewControls,
    deckEl,
    setYaw: (y) => (yawEl.textContent = `${y}°`),
  };
  const caption = h("p", { class: "cs-log csr-caption", id: "csr-caption", "aria-live": "polite" });
  const tableHost = h("div", { class: "cs-table csr-table", id: "cs-table" }, viewControls, caption);
  const status = h("p", { class: "csr-status", id: "csr-status" });
  const hands = h("section", { class: "csr-hands", id: "csr-hands", "aria-label": "Every hand" });
  const broken = h("p", { class: "page-error", role: "alert", hidden: true });
  // Before the transport: a shared link's moment seeks (and draws) as the controls are made.
  const view = new TableView(tableHost, chrome, () => {});
  let canvas: HTMLCanvasElement | null = null;

  const { controls, clock } = movesTransport(engine, { draw: () => draw(), announce: (t) => frame.announce(t), marks, stepMs: STEP_MS });

  const stage = h("div", { class: "csr", id: "csr" }, h("div", { class: "csr-main" }, h("div", { class: "csr-bar" }, status, deckEl), tableHost), hands);
  frame.body.append(controls.el, stage, broken);

  canvas = await view.init();
  const cleanups: (() => void)[] = [];
  if (canvas) {
    const ro = new ResizeObserver(() => view.app.queueResize?.());
    ro.observe(tableHost);
    cleanups.push(() => ro.disconnect());
    cleanups.push(
      attachTableInput(canvas, {
        tap: () => {},
        hover: () => {},
        leave: () => {},
        pan: (dx, dy) => view.board.camera.pan(dx, dy),
        zoom: (f, x, y) => view.board.camera.zoom(f, x, y),
        rotate: (d) => rotate(d),
        recentre: () => view.board.camera.recentre(),
      }),
    );
    view.app.resize();
    view.measureInsets();
    yaw = view.yaw;
  }

  function rotate(delta: number): void {
    yaw = normYaw(yaw + delta);
    view.setYaw(yaw, true);
  }


  function draw(): void {
    const s = state();
    const pack = s.config.pack;
    if (canvas) {
      view.board.setCubes(s.placed as CubeModel[], pack, s.pivot ?? -1, []);
      view.requestRender();
    }
    deckCount.textContent = String(s.deck.length);
    const bits: string[] = [];
    if (s.phase === "finished") bits.push(s.winner !== null ? `${name(s.winner)} won.` : "The game is over.");
    else bits.push(`${name(s.turn)} to play`, s.direction === 1 ? "↻ clockwise" : "↺ reversed");
    if (s.pending > 0 && s.phase !== "finished") bits.push(`K stack: ${s.pending}`);
    if (s.dump && s.phase !== "finished") bits.push(`laying ${s.dump.rank}s`);
    status.textContent = bits.join(" · ");
    caption.textContent = engine.position === 0 ? `The first cube is down. ${name(s.turn)} starts.` : lines[engine.position - 1] ?? "";

    hands.replaceChildren(
      ...s.hands.map((hand, seat) =>
        h(
          "div",
          { class: `csr-seat${seat === s.turn && s.phase !== "finished" ? " csr-on" : ""}${s.winner === seat ? " csr-won" : ""}`, "data-seat": seat },
          h(
            "h3",
            {},
            name(seat),
            h("span", { class: "csr-count" }, ` · ${hand.length} card${hand.length === 1 ? "" : "s"}${s.called[seat] ? " · UH OH" : ""}${s.winner === seat ? " · 🏆" : ""}`),
          ),
          h(
            "div",
            { class: "csr-cards" },
            ...hand.map((card) => h("img", { class: "csr-card", src: svgUrl(cubeSvg(card, pack, null, 30)), alt: cardLabel(card, pack), title: cardLabel(card, pack), width: 30, height: 30 })),
          ),
        ),
      ),
    );
    if (engine.broken) {
      broken.hidden = false;
      broken.textContent = `This record stops replaying at move ${engine.broken.index + 1}: ${engine.broken.reason}`;
    }
    controls.update();
  }

  draw();
  if (canvas) view.board.camera.recentreNow();
  return {
    el: frame.el,
    snapshot: () => ({
      page: "replay",
      ready: true,
      game: "cubestacc",
      position: engine.position,
      total: engine.total,
      cubes: state().placed.length,
      hands: state().hands.map((x) => x.length),
      caption: caption.textContent,
      marks: marks.map((m) => ({ ...m })),
    }),
    renderNow: () => view.renderFrame(),
    resume() {},
    destroy() {
      clock.stop();
      for (const c of cleanups) c();
      controls.destroy();
      view.destroy();
      frame.el.remove();
    },
  };
}
