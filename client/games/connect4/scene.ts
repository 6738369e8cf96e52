// Connect Four's scene: the grid as accessible DOM (one button per column) inside the
// shared shell. It draws the state and sends intents; which columns are open comes from
// common/connect4 (the rules), never from a copy here. Keys and spoken moves: keyboard.ts.
import { COLS, EMPTY, openColumns, ROWS, type Connect4Payloads } from "../../../common/connect4/index";
import { announce } from "../../ui/announce";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { attachColumnKeys, discWords, HOW_TO_PLAY, newDisc } from "./keyboard";
import { GameShell } from "../shell";
import type { GameContext, GameHandle } from "../types";
import { typedSend } from "../../net/send";
import type { Wire } from "../../net/wire";
import type { Connect4Table } from "../../../server/rooms/connect4/Connect4Table";
import "./connect4.css";

/** The room state as this client reads it: the server's schema, decoded. */
type Connect4Wire = Wire<Connect4Table>;

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
  let state: Connect4Wire | null = null;
  const discOf = (roomSeat: number): string => {
    const g = state?.order ? Array.from(state.order).indexOf(roomSeat) : -1;
    return g < 0 ? "" : DISCS[g];
  };
  const shell = new GameShell(ctx, host, {
    seatMark: (seat) => (discOf(seat) ? "●" : ""),
    seatColour: (seat) => DISC_COLOURS[discOf(seat)],
    endTitle: (s, me) => {
      const w = (s as Connect4Wire).winner;
      if (s.result === "draw") return "Draw — the grid is full";
      if (w < 0) return "Game over";
      if (w === me) return "You won!";
      return `${s.seats[w]?.name || "Your opponent"} won`;
    },
    // the card beside the grid, which keeps the winning four in view
    endBeside: true,
    endNote: (s) => ((s as Connect4Wire).line?.length ? `Four in a row — ${lineWords(Array.from((s as Connect4Wire).line))}, ringed on the grid.` : ""),
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
    // A Room rebuilt after a drop exists before its first full state decodes: wait for the fields.
    if (!s || !s.seats || !s.grid || !s.order || !s.acting || !s.line) return;
    shell.update(s);
    const cells = Array.from(s.grid);
    const me = shell.me;
    const myTurn = s.phase === "playing" && me !== null && Array.from(s.acting).includes(me);
    open = new Set(myTurn ? openColumns(cells.map((v) => (v < 0 ? EMPTY : v))) : []);
    const line = new Set(Array.from(s.line));
    grid.classList.toggle("c4-won", s.phase === "finished" && line.size > 0);
    columns.forEach(({ button, cells: spans }, col) => {
      // aria-disabled keeps the column focusable while it cannot take a disc (keyboard.ts)
      button.setAttribute("aria-disabled", String(!open.has(col)));
      const free = spans.filter((_, row) => cells[row * COLS + col] === -1).length;
      button.setAttribute("aria-label", `Column ${col + 1}, ${free === 0 ? "full" : `${free} free`}`);
      spans.forEach((span, row) => {
        const v = cells[row * COLS + col];
        span.dataset.disc = v < 0 ? "" : discOf(v);
        span.classList.toggle("c4-line", line.has(row * COLS + col));
      });
    });
    speak(s, cells, myTurn);
    ctx.setSubtitle(s.mode === "solo" ? "Against the bot" : s.timer > 0 ? `${s.timer} s per turn` : "No turn timer");
  };

  /** Says where a new disc landed, then whose turn it is (client/ui/announce.ts). */
  const speak = (s: Connect4Wire, cells: number[], myTurn: boolean) => {
    const disc = seen ? newDisc(seen, cells) : null;
    seen = cells;
    if (disc) {
      const who = disc.seat === shell.me ? "You" : s.seats[disc.seat]?.name || `Seat ${disc.seat + 1}`;
      announce(discWords(who, discOf(disc.seat) || "", disc.col, disc.row));
    }
    if (myTurn && !wasMyTurn) announce(HOW_TO_PLAY);
    wasMyTurn = myTurn;
  };

  // One handler on the current room: a reconnection's new room replaces it, destroy removes it.
  let unbind = () => {};
  const offRoom = ctx.session.onRoom((room) => {
    unbind();
    const onChange = (s: unknown) => {
      state = s as Connect4Wire;
      draw();
    };
    room.onStateChange(onChange);
    unbind = () => room.onStateChange.remove(onChange);
    if (room.state) {
      state = room.state as unknown as Connect4Wire;
      draw();
    }
  });
  // The grid only offers legal drops, so a refusal is the server's (its disk full: not saved): shown and read out.
  const offError = ctx.session.onMessage<{ code: string; message: string }>("error", (e) => {
    toast(e.message || e.code, "error");
    ctx.announce(e.message);
  });

  return {
    destroy() {
      offRoom();
      unbind();
      offError();
      offKeys();
      shell.destroy();
    },
    snapshot: () => ({
      phase: state?.phase ?? "",
      gameNo: state?.gameNo ?? 0,
      grid: state?.grid ? Array.from(state.grid) : [],
      acting: state?.acting ? Array.from(state.acting) : [],
      winner: state?.winner ?? -1,
      result: state?.result ?? "",
    }),
    renderNow() {},
    resume() {},
  };
}
