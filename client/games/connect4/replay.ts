// A finished Connect Four game played back (#/replay/ID): the record's log re-run with
// common/connect4 rules, drawn on the same grid as the live game (connect4.css). Controls:
// the shared transport (client/ui/replayControls.ts); a shared link opens at its moment.
import { COLS, connect4Rules, EMPTY, ROWS, type Connect4State } from "../../../common/connect4/index";
import { h } from "../../ui/dom";
import { movesTransport, ReplayEngine, type ReplayRecord } from "../replayEngine";
import type { PageFrame, PageHandle } from "../../pages/page";
import "./connect4.css";

const DISCS = ["red", "gold"];
const STEP_MS = 900;

export async function mountConnect4Replay(frame: PageFrame, record: ReplayRecord): Promise<PageHandle> {
  const engine = new ReplayEngine(record, connect4Rules);
  const state = () => engine.session.state as Connect4State;
  const name = (seat: number) => record.seats[seat] || `Seat ${seat + 1}`;
  const final = engine.finalState<Connect4State>();
  const outcome = final.winner !== null ? `${name(final.winner)} won` : final.over ? "a draw" : record.result;
  frame.setSubtitle(`Connect Four · ${name(0)} (red) vs ${name(1)} (gold) · ${outcome}`);

  const cells = Array.from({ length: ROWS * COLS }, () => h("span", { class: "c4-cell" }));
  const grid = h(
    "div",
    { class: "c4-grid c4-replay", id: "c4-grid", role: "img", "aria-label": "Connect Four grid" },
    ...Array.from({ length: COLS }, (_, col) =>
      h("div", { class: "c4-col", "data-col": col }, ...Array.from({ length: ROWS }, (_, k) => cells[(ROWS - 1 - k) * COLS + col])),
    ),
  );
  const caption = h("p", { class: "c4-replay-caption", id: "c4-replay-caption", "aria-live": "polite" });

  const { controls, clock } = movesTransport(engine, {
    draw: () => draw(),
    announce: (t) => frame.announce(t),
    // The winning drop is the moment worth a link.
    marks: final.winner !== null ? [{ at: engine.total, label: `${name(final.winner)} connects four` }] : [],
    stepMs: STEP_MS,
  });

  function draw(): void {
    const s = state();
    const line = new Set(s.line);
    cells.forEach((span, i) => {
      const v = s.grid[i];
      span.dataset.disc = v === EMPTY || v < 0 ? "" : DISCS[v];
      span.classList.toggle("c4-line", line.has(i));
    });
    const last = engine.position > 0 ? record.log[engine.position - 1] : null;
    caption.textContent =
      engine.position === 0
        ? `${name(0)} starts.`
        : s.over
          ? s.winner !== null
            ? `${name(s.winner)} connects four.`
            : "The grid is full: a draw."
          : `${name(last!.seat)} ${last!.move?.type === "timeout" ? "ran out of time" : `dropped in column ${(last!.move?.col ?? 0) + 1}`}. ${name(s.turn)} to play.`;
    controls.update();
  }

  frame.body.append(controls.el, h("div", { class: "c4-replay-stage" }, grid, caption));
  draw();
  return {
    el: frame.el,
    snapshot: () => ({ page: "replay", ready: true, game: "connect4", position: engine.position, total: engine.total, grid: state().grid.slice() }),
    renderNow() {},
    resume() {},
    destroy() {
      clock.stop();
      controls.destroy();
      frame.el.remove();
    },
  };
}
