// Offline solo (#/offline, #/offline/LEVEL): a whole game in the browser with
// the common/ rules — a GameSession with a crypto-random seed and Date.now as
// the injected clock — so it works with the server unreachable. A won game can
// be submitted (POST /api/minesweeper/replays {seed, level, config?, log}); the
// server replays it and stores it as unranked-verified, or refuses it with a
// reason, which is shown to the player.
import { resolveConfig } from "../../../common/minesweeper/config";
import { wrongFlags as countWrongFlags } from "../../../common/minesweeper/rules";
import { levelOption } from "./levels";
import { LEVELS, MAX_COLS, MAX_ROWS, type MinesweeperConfig } from "../../../common/minesweeper/types";
import { mountBoard, type MinesweeperScene } from "./boardScene";
import { LocalFeed, type LocalGameResult } from "./local";
import { loadOfflineGame, saveOfflineGame } from "./offlineSave";
import { replayHref, resultCard, type CardAction } from "./result";
import { NO_GUESS_ROUTE, wrongFlagsText } from "./words";
import { playerName } from "../../net/storage";
import { forgetAnswers } from "../../net/cachedGet";
import { h } from "../../ui/dom";
import { PageFrame, type PageHandle } from "../../pages/page";

export type SubmitState =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "verified"; id: number; timeMs: number }
  | { state: "refused"; code: string; reason: string }
  | { state: "failed"; reason: string };

export interface SubmitAnswer {
  ok: boolean;
  status: number;
  body: any;
}

/** POST the game; resolves with the server's answer, rejects when the server is unreachable. */
export async function submitOffline(result: LocalGameResult, name = playerName()): Promise<SubmitAnswer> {
  const body: Record<string, unknown> = {
    seed: result.seed,
    level: result.config.level,
    log: result.log,
    name,
    timeMs: result.timeMs,
  };
  if (result.config.level === "custom") body.config = { rows: result.config.rows, cols: result.config.cols, mines: result.config.mines };
  if (result.config.noGuess) body.noGuess = true;
  const res = await fetch("/api/minesweeper/replays", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  let json: any = null;
  try {
    json = await res.json();
  } catch {
    /* not JSON */
  }
  if (res.ok) forgetAnswers(); // the leaderboard may hold this game now
  return { ok: res.ok, status: res.status, body: json };
}

/** A refusal in words a player can read. */
export function refusalText(answer: SubmitAnswer): { code: string; reason: string } {
  const err = answer.body?.error;
  const code = typeof err?.code === "string" ? err.code : `http-${answer.status}`;
  if (typeof err?.reason === "string" && err.reason) return { code, reason: err.reason };
  if (answer.status === 429) return { code, reason: "Too many submissions from here: wait a few seconds and try again." };
  if (answer.status === 413) return { code, reason: "This game's log is too large to submit." };
  if (answer.status === 404) return { code, reason: "This server does not take offline results." };
  return { code, reason: `The server answered ${answer.status}.` };
}

const LEVEL_IDS = Object.keys(LEVELS);

/** The board of `#/offline/PARAM`: a level or `custom-RxC-M`, with `-noguess` for a no-guess board. */
export function configFromRoute(route: string | undefined): MinesweeperConfig {
  const noGuess = route?.endsWith(NO_GUESS_ROUTE) === true;
  const param = noGuess ? route!.slice(0, -NO_GUESS_ROUTE.length) : route;
  const extra = noGuess ? { noGuess: true } : {};
  if (param && LEVEL_IDS.includes(param)) {
    const r = resolveConfig({ level: param, ...extra });
    if (r.ok) return r.config;
  }
  const m = param?.match(/^custom-(\d+)x(\d+)-(\d+)$/);
  if (m) {
    const r = resolveConfig({ level: "custom", rows: Number(m[1]), cols: Number(m[2]), mines: Number(m[3]), ...extra });
    if (r.ok) return r.config;
  }
  return { level: "beginner", ...pick(LEVELS.beginner), ...(noGuess ? { noGuess: true as const } : {}) };
}

function pick(l: { rows: number; cols: number; mines: number }) {
  return { rows: l.rows, cols: l.cols, mines: l.mines };
}

function routeFor(c: MinesweeperConfig): string {
  const board = c.level === "custom" ? `custom-${c.rows}x${c.cols}-${c.mines}` : c.level;
  return `#/offline/${board}${c.noGuess ? NO_GUESS_ROUTE : ""}`;
}

export async function mountOffline(host: HTMLElement, param: string | undefined, toLobby: () => void): Promise<PageHandle> {
  const frame = new PageFrame("Minesweeper — offline", toLobby, { id: "offline-page", note: "Plays in your browser: no connection needed" });
  host.append(frame.el);
  let config = configFromRoute(param);
  let submit: SubmitState = { state: "idle" };
  let last: LocalGameResult | null = null;
  let scene: MinesweeperScene | null = null;

  // level picker
  const level = h("select", { id: "offline-level", "aria-label": "Level" });
  for (const id of Object.keys(LEVELS)) level.append(h("option", { value: id }, levelOption(id)));
  level.append(h("option", { value: "custom" }, "Custom…"));
  level.value = config.level;
  const numIn = (label: string, min: number, max: number, value: number) =>
    h("input", { type: "number", min, max, value, inputmode: "numeric", "aria-label": label, class: "offline-num" });
  const rows = numIn("Rows", 2, MAX_ROWS, config.level === "custom" ? config.rows : 30);
  const cols = numIn("Columns", 2, MAX_COLS, config.level === "custom" ? config.cols : 30);
  const mines = numIn("Mines", 1, MAX_ROWS * MAX_COLS - 9, config.level === "custom" ? config.mines : 150);
  const custom = h("span", { class: "offline-custom", hidden: config.level !== "custom" }, rows, "×", cols, " ", mines, " mines");
  const noGuess = h("input", { type: "checkbox", id: "offline-page-noguess", checked: config.noGuess === true }) as HTMLInputElement;
  const noGuessLabel = h("label", { class: "check", title: "Every board can be cleared by logic alone from your first click." }, noGuess, " No guess");
  const newBtn = h("button", { type: "button", class: "small primary", id: "offline-new" }, "New board");
  const tools = h("form", { class: "page-tools", id: "offline-tools" }, level, custom, noGuessLabel, newBtn);
  level.addEventListener("change", () => {
    custom.hidden = level.value !== "custom";
  });
  tools.addEventListener("submit", (e) => e.preventDefault());
  newBtn.addEventListener("click", () => {
    const r =
      level.value === "custom"
        ? resolveConfig({ level: "custom", rows: Number(rows.value), cols: Number(cols.value), mines: Number(mines.value), noGuess: noGuess.checked })
        : resolveConfig({ level: level.value, noGuess: noGuess.checked });
    if (!r.ok) {
      frame.announce(r.error.message);
      showNote(r.error.message);
      return;
    }
    config = r.config;
    history.replaceState(null, "", routeFor(config));
    feed.restart(config);
  });
  frame.body.append(tools);
  const noteEl = h("p", { class: "page-error", role: "alert", hidden: true });
  frame.body.append(noteEl);
  const showNote = (text: string) => {
    noteEl.textContent = text;
    noteEl.hidden = !text;
  };

  // the game in progress survives a reload (offline too): kept after every move
  const keep = () => saveOfflineGame(feed.config, feed.save());
  const feed: LocalFeed = new LocalFeed(
    config,
    {
      onEnd: (result) => {
        last = result;
        submit = { state: "idle" };
        renderResult();
      },
      onRestart: () => {
        last = null;
        submit = { state: "idle" };
        showNote("");
        scene?.setSide(null);
        keep();
      },
      onMove: keep,
    },
    loadOfflineGame(config),
  );

  const renderResult = () => {
    if (!scene || !last) return;
    const won = last.phase === "won";
    const actions: CardAction[] = [];
    let note: string | Node | undefined;
    if (won) {
      const retry = submit.state === "failed" || (submit.state === "refused" && (submit.code === "rate-limited" || /^http-5/.test(submit.code)));
      if (submit.state === "idle" || retry) {
        actions.push({ label: retry ? "Try again" : "Submit result", primary: true, id: "offline-submit", run: () => void send() });
      }
      if (submit.state === "sending") note = "Sending your game to the server to be checked…";
      else if (submit.state === "verified") {
        note = h("span", { class: "verdict verdict-ok", id: "offline-verdict", "data-verdict": "verified" }, `Verified ✓ The server replayed your game: ${(submit.timeMs / 1000).toFixed(1)} s. Stored as unranked (offline games never enter the leaderboard).`);
        actions.push({ label: "Watch the replay", href: replayHref(submit.id), id: "offline-replay" });
      } else if (submit.state === "refused") {
        note = h("span", { class: "verdict verdict-bad", id: "offline-verdict", "data-verdict": "refused" }, `Refused: ${submit.reason}`);
      } else if (submit.state === "failed") {
        note = h("span", { class: "verdict verdict-bad", id: "offline-verdict", "data-verdict": "failed" }, submit.reason);
      } else note = "Submit it to have the server verify your time.";
    } else note = wrongFlagsText(feed.game.state.mines ? countWrongFlags(feed.game.state) : 0).trim() || undefined;
    actions.push({ label: "New game", primary: !won || submit.state === "verified", id: "offline-again", run: () => feed.restart() });
    scene.setSide(
      resultCard({
        title: won ? "Cleared!" : "Boom — game over",
        won,
        stats: last.stats,
        note,
        actions,
        onClose: () => scene?.setSide(null),
      }),
    );
  };

  const send = async () => {
    if (!last || submit.state === "sending") return;
    submit = { state: "sending" };
    renderResult();
    try {
      const answer = await submitOffline(last);
      if (answer.ok && answer.body && typeof answer.body.id === "number") {
        submit = { state: "verified", id: answer.body.id, timeMs: Number(answer.body.timeMs ?? last.timeMs) };
        frame.announce("Your result was verified.");
      } else {
        submit = { state: "refused", ...refusalText(answer) };
        frame.announce(`Refused: ${submit.reason}`);
      }
    } catch {
      submit = { state: "failed", reason: "Could not reach the server. Your game is kept here: try again once you are online." };
    }
    renderResult();
  };

  scene = await mountBoard(frame.body, feed, {
    setSubtitle: (t) => frame.setSubtitle(t),
    announce: (t) => frame.announce(t),
  });
  feed.endIfOver(); // a finished game that came back shows its result again
  scene.extras.offline = () => ({ submit: { ...submit }, result: last ? { phase: last.phase, timeMs: last.timeMs, stats: last.stats, moves: last.log.length } : null });
  const s = scene;

  return {
    el: frame.el,
    snapshot: () => ({ page: "offline", ready: true, connection: "offline-local", seat: 0, ...s.snapshot() }),
    cellCenter: (r, c) => s.cellCenter(r, c),
    renderNow: () => s.renderNow(),
    resume: () => s.resume(),
    destroy: () => {
      s.destroy();
      frame.el.remove();
    },
    /** Test hook: the local game's mines (the browser holds them anyway offline). */
    offlineMines: () => (feed.game.state.mines ? Array.from(feed.game.state.mines) : null),
  } as PageHandle & { offlineMines(): number[] | null };
}
