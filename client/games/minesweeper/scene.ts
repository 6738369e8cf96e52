// The Minesweeper room's scene, the entry the client registry loads (as every game's
// scene.ts): a race room gets the race UI (race.ts), solo and co-op the board scene
// (boardScene.ts) with its result card. Kept out of boardScene.ts so that race.ts →
// boardScene.ts is the only import between them.
import type { GameContext, GameHandle } from "../types";
import { RoomFeed } from "./feed";
import { replayHref, resultCard, type CardAction, type StatsLike } from "./result";
import { mountBoard, type MinesweeperScene } from "./boardScene";
import { wrongFlagsText } from "./words";
import { typedSend } from "../../net/send";

/** The room game's entry point (roomView.ts loads it): a race room gets the race UI. */
export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  const mode = await roomMode(ctx);
  if (mode === "race") {
    const { mountRace } = await import("./race");
    return mountRace(host, ctx);
  }
  let result: RoomResult | null = null;
  let scene: MinesweeperScene | null = null;
  const clear = () => {
    result = null;
    scene?.setSide(null);
  };
  scene = await mountBoard(host, new RoomFeed(ctx.session), {
    setSubtitle: ctx.setSubtitle,
    announce: ctx.announce,
    onPhase: (phase) => {
      if (phase === "fresh" || phase === "active") clear();
    },
  });
  const s = scene;
  const show = () => {
    if (!result) return;
    const solo = ctx.session.room?.state?.mode === "solo";
    const seated = !ctx.session.spectator && ctx.session.seat !== null;
    const won = result.result === "won";
    const actions: CardAction[] = [];
    if (typeof result.replayId === "number" && result.replayId > 0) {
      actions.push({ label: "Watch the replay", href: replayHref(result.replayId), id: "result-replay" });
    }
    if (seated) actions.push({ label: "New game", primary: true, id: "result-new", run: () => typedSend(ctx.session)("restart", {}) });
    s.setSide(
      resultCard({
        title: won ? (solo ? "Cleared!" : "Board cleared!") : "Boom — game over",
        won,
        stats: result.stats ?? null,
        note: resultNote(result, won, solo),
        actions,
        onClose: () => s.setSide(null),
      }),
    );
  };
  const off = ctx.session.onMessage<Record<string, unknown>>("event", (e) => {
    if (e?.kind === "saved" && result && typeof e.replayId === "number") {
      // The server could not write the result at the end; now it has.
      result = { ...result, replayId: e.replayId, saved: true };
      ctx.announce?.("Your result is saved now.");
      show();
      return;
    }
    if (e?.kind !== "result") return;
    result = e as unknown as RoomResult;
    show();
  });
  s.onDestroy(off);
  s.extras.result = () =>
    result ? { replayId: result.replayId, result: result.result, timeMs: result.timeMs, ranked: result.ranked, saved: result.saved !== false, stats: result.stats } : null;
  return s;
}

/** The `result` event of a finished solo / co-op board (docs/protocol.md). */
interface RoomResult {
  /** 0 while the server's store cannot write it yet (`saved` false), −1 if it was lost. */
  replayId: number;
  saved?: boolean;
  /** Why a won solo board is not ranked (the plausibility rule), when it is not. */
  unranked?: string;
  result: "won" | "lost";
  timeMs: number;
  /** Flags on safe cells when the board was lost. */
  wrongFlags?: number;
  ranked: boolean;
  stats: StatsLike | null;
}

/** The line under the result's stats: saved or not, ranked or why not. */
function resultNote(result: RoomResult, won: boolean, solo: boolean): string | undefined {
  if (result.saved === false) {
    return result.replayId === 0
      ? "Result not saved yet: the server cannot write to its storage right now and keeps trying. The replay link appears here once it is saved."
      : "Result not saved: the server's storage is failing. Tell the hub's operator.";
  }
  if (won && result.ranked) return "Your time is on the leaderboard for this level.";
  if (won && solo && result.unranked) return result.unranked;
  if (won && solo) return "Not ranked (custom boards and co-op never rank).";
  if (!won) return wrongFlagsText(result.wrongFlags).trim() || undefined;
  return undefined;
}

/** The room's mode once its first state arrived ("" if it never did within a few seconds). */
async function roomMode(ctx: GameContext): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mode = (ctx.session.room?.state as { mode?: string } | undefined)?.mode;
    if (mode) return mode;
    await new Promise((r) => setTimeout(r, 30));
  }
  return "";
}
