// A finished Hearts game played back (#/replay/ID): the record's log re-run with common/hearts
// rules, drawn on the live game's canvas (table.ts) from the first seat's side, its hand face
// up (the game is over: nothing is hidden any more). Controls: the shared transport
// (client/ui/replayControls.ts); a shared link opens at its moment.
import { cardName, heartsRules, lowest, type HeartsState } from "../../../common/hearts/index";
import { h } from "../../ui/dom";
import { movesTransport, ReplayEngine, type ReplayRecord } from "../replayEngine";
import type { PageFrame, PageHandle } from "../../pages/page";
import { HeartsTable } from "./table";
import { handWords } from "./words";
import "./hearts.css";

const STEP_MS = 700;

export async function mountHeartsReplay(frame: PageFrame, record: ReplayRecord): Promise<PageHandle> {
  const engine = new ReplayEngine(record, heartsRules);
  const state = () => engine.session.state as HeartsState;
  const name = (seat: number) => record.seats[seat] || `Seat ${seat + 1}`;
  const final = engine.finalState<HeartsState>();
  const winners = final.phase === "over" ? lowest(final.scores).map(name).join(" and ") : "";
  frame.setSubtitle(`Hearts · ${[0, 1, 2, 3].map(name).join(", ")} · ${winners ? `${winners} won` : record.result}`);

  const host = h("div", { class: "hearts-table", id: "hearts-table" });
  const caption = h("p", { class: "hearts-replay-caption", id: "hearts-replay-caption", "aria-live": "polite" });
  const table = new HeartsTable();
  // Each hand's end is a moment worth a link.
  const marks: { at: number; label: string }[] = [];
  {
    const e = new ReplayEngine(record, heartsRules);
    let hand = 0;
    for (let i = 1; i <= e.total; i++) {
      e.seek(i);
      const s = e.session.state as HeartsState;
      if (s.history.length > hand) {
        hand = s.history.length;
        marks.push({ at: i, label: `End of hand ${hand}` });
      }
    }
  }
  const { controls, clock } = movesTransport(engine, { draw: () => draw(), announce: (t) => frame.announce(t), marks, stepMs: STEP_MS });

  function draw(): void {
    const s = state();
    const v = heartsRules.view(s, 0);
    table.draw({ view: v, bottom: 0, names: [0, 1, 2, 3].map(name), acting: s.phase === "over" ? [] : s.phase === "passing" ? [0, 1, 2, 3].filter((g) => !s.passes[g]) : [s.turn], selected: new Set(), cursor: null, hand: v.cards });
    const last = engine.position > 0 ? record.log[engine.position - 1] : null;
    const move = last?.move as { type?: string; card?: number } | undefined;
    caption.textContent =
      engine.position === 0
        ? "The first deal."
        : s.phase === "over"
          ? `Game over: ${lowest(s.scores).map(name).join(" and ")} won with ${Math.min(...s.scores)} points.`
          : move?.type === "play"
            ? `${name(last!.seat)} played ${cardName(move.card ?? 0)}.`
            : move?.type === "pass"
              ? `${name(last!.seat)} put three cards aside to pass.`
              : s.history.length && s.tricks === 0 && s.trick.length === 0
                ? handWords(s.history.length, s.history[s.history.length - 1], name)
                : `${name(last?.seat ?? 0)} ran out of time.`;
    controls.update();
  }

  frame.body.append(controls.el, h("div", { class: "hearts-replay-stage" }, host, caption));
  await table.init(host, "Hearts table, replayed");
  draw();
  return {
    el: frame.el,
    snapshot: () => ({ page: "replay", ready: true, game: "hearts", position: engine.position, total: engine.total, scores: state().scores.slice(), hand: state().hand }),
    renderNow: () => table.renderNow(),
    resume: () => table.resume(),
    destroy() {
      clock.stop();
      controls.destroy();
      table.destroy();
      frame.el.remove();
    },
  };
}
