// Connect Four's scene: the grid as accessible DOM (one button per column) inside the
// shared shell. It draws the game's own view (joined from the wire's parts, client/net/view.ts)
// and sends intents; which columns are open is the view's `legal` (the rules'), never a copy
// here. Discs are game seats; the room seat of one is `order[gameSeat]`. Keys and spoken moves: keyboard.ts.
import { COLS, connect4Wire, ROWS, type Connect4Payloads, type Connect4View } from "../../../common/connect4/index";
import { announce } from "../../ui/announce";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { attachColumnKeys, discWords, HOW_TO_PLAY, newDisc } from "./keyboard";
import { GameShell, seatName } from "../shell";
import type { GameContext, GameHandle } from "../types";
import { typedSend } from "../../net/send";
import { onView, type ViewState } from "../../net/view";
import "./connect4.css";

const DISCS = ["red", "gold"];

/** Where four cells (indices row * COLS + col, row 0 at the bottom) lie, in words: "row 1, columns 2–5". */
export function lineWords(cells: number[]): string {
  const rows = cells.map((i) => Math.floor(i / COLS) + 1);
  const cols = cells.map((i) => (i % COLS) + 1);
  const span = (v: number[]) => (Math.min(...v) === Math.max(...v) ? String(v[0]) : `${Math.min(...v)}–${Math.max(...v)}`);
  if (new Set(rows).size === 1) return `row ${rows[0]}, columns ${span(cols)}`;
  if (new Set(cols).size === 1) return `column ${cols[0]}, rows ${span(rows)}`;
  return `a diagonal from column ${Math.min(...cols)} to ${Math.max(...cols)}`;
}
/** The discs' colours (connect4.css draws the same). */
const DISC_COLOURS: Record<string, string> = { red: "#e0453a", gold: "#d9a400" };

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  let state: ViewState | null = null;
  let view: Connect4View | null = null;
  /** Room seat of a game seat (−1: none). */
  const roomOf = (g: number | null): number => (g === null || !state?.order ? -1 : (Array.from(state.order)[g] ?? -1));
  const discOfRoom = (roomSeat: number): string => {
    const g = state?.order ? Array.from(state.order).indexOf(roomSeat) : -1;
    return g < 0 ? "" : DISCS[g];
  };
  const shell = new GameShell(ctx, host, {
    seatMark: (seat) => (discOfRoom(seat) ? "●" : ""),
    seatColour: (seat) => DISC_COLOURS[discOfRoom(seat)],
    endTitle: (s, me) => {
      const w = view?.winner ?? null;
      if (s.result === "draw") return "Draw — the grid is full";
      if (w === null) return "Game over";
      if (roomOf(w) === me) return "You won!";
      return `${s.seats[roomOf(w)]?.name || "Your opponent"} won`;
    },
    // the card beside the grid, which keeps the winning four in view
    endBeside: true,
    endNote: () => (view?.line.length ? `Four in a row — ${lineWords(view.line)}, ringed on the grid.` : ""),
  });
  const send = typedSend<Connect4Payloads>(ctx.session);

  const columns = Array.from({ length: COLS }, (_, col) => {
    const cells = Array.from({ length: ROWS }, () => h("span", { class: "c4-cell" }));
    const button = h("button", { type: "button", class: "c4-col", "data-col": col }, ...cells.slice().reverse());
    return { button, cells };
  });
  const grid = h(
    "div",
    { class: "c4-grid", id: "c4-grid", role: "group", "aria-label": "Connect Four grid: choose a column with the arrow keys or 1 to 7, Enter drops a disc" },
    ...columns.map((c) => c.button),
  );
  shell.stage.append(grid);
  let open = new Set<number>();
  const offKeys = attachColumnKeys(grid, columns.map((c) => c.button), (col) => open.has(col), (col) => send("drop", { col }));
  let seen: number[] | null = null;
  let wasMyTurn = false;

  const draw = () => {
    const s = state;
    if (!s) return;
    shell.update(s);
    const v = view;
    if (!v) return;
    const cells = v.grid;
    const myTurn = s.phase === "playing" && v.legal.length > 0;
    open = new Set(s.phase === "playing" ? v.legal : []);
    const line = new Set(v.line);
    grid.classList.toggle("c4-won", s.phase === "finished" && line.size > 0);
    columns.forEach(({ button, cells: spans }, col) => {
      // aria-disabled keeps the column focusable while it cannot take a disc (keyboard.ts)
      button.setAttribute("aria-disabled", String(!open.has(col)));
      const free = spans.filter((_, row) => cells[row * COLS + col] === -1).length;
      button.setAttribute("aria-label", `Column ${col + 1}, ${free === 0 ? "full" : `${free} free`}`);
      spans.forEach((span, row) => {
        const g = cells[row * COLS + col];
        span.dataset.disc = g < 0 ? "" : (DISCS[g] ?? "");
        span.classList.toggle("c4-line", line.has(row * COLS + col));
      });
    });
    speak(s, cells, myTurn);
    ctx.setSubtitle(s.mode === "solo" ? "Against the bot" : v.timer > 0 ? `${v.timer} s per turn` : "No turn timer");
  };

  /** Says where a new disc landed, then whose turn it is (client/ui/announce.ts). */
  const speak = (s: ViewState, cells: number[], myTurn: boolean) => {
    const disc = seen ? newDisc(seen, cells) : null;
    seen = cells;
    if (disc) {
      const seat = roomOf(disc.seat);
      const who = seat === shell.me ? "You" : seatName(s.seats[seat], `Seat ${seat + 1}`);
      announce(discWords(who, DISCS[disc.seat] ?? "", disc.col, disc.row));
    }
    if (myTurn && !wasMyTurn) announce(HOW_TO_PLAY);
    wasMyTurn = myTurn;
  };

  const unbind = onView(ctx.session, connect4Wire, () => shell.me, (v, s) => {
    state = s;
    view = v;
    draw();
  });
  // The grid only offers legal drops, so a refusal is the server's (its disk full: not saved): shown and read out.
  const offError = ctx.session.onMessage<{ code: string; message: string }>("error", (e) => {
    toast(e.message || e.code, "error");
    ctx.announce(e.message);
  });

  return {
    destroy() {
      unbind();
      offError();
      offKeys();
      shell.destroy();
    },
    snapshot: () => ({
      phase: state?.phase ?? "",
      gameNo: state?.gameNo ?? 0,
      // room seats, as a player reads the grid (the view's discs are game seats)
      grid: view ? view.grid.map((g) => (g < 0 ? -1 : roomOf(g))) : [],
      acting: state?.acting ? Array.from(state.acting) : [],
      winner: view?.winner == null ? -1 : roomOf(view.winner),
      result: state?.result ?? "",
    }),
    renderNow() {},
    resume() {},
  };
}
