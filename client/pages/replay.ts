// Replay page (#/replay/ID): fetches GET /api/replays/ID and hands the stored game to its
// game's replay player (the ClientGame entry's `replay`, client/games/registry.ts), which
// plays it back from its log alone with the common/ rules (client/games/replayEngine.ts).
import { h } from "../ui/dom";
import { clientGame } from "../games/registry";
import { fetchReplay, type ReplayRecord } from "../games/replayEngine";
import { PageFrame, type PageHandle } from "./page";

export async function mountReplay(host: HTMLElement, id: string, toLobby: () => void): Promise<PageHandle> {
  const frame = new PageFrame(`Replay #${id}`, toLobby, { id: "replay-page" });
  host.append(frame.el);
  const loading = h("p", { class: "loading", role: "status" }, "Loading the replay…");
  frame.body.append(loading);
  let record: ReplayRecord;
  try {
    record = await fetchReplay(id);
  } catch (e) {
    loading.replaceWith(
      h(
        "div",
        { class: "notice page-notice", role: "alert" },
        h("h2", {}, "Replay not available"),
        h("p", {}, e instanceof Error ? e.message : String(e)),
      ),
    );
    return {
      el: frame.el,
      snapshot: () => ({ page: "replay", ready: false, error: loading.textContent }),
      renderNow() {},
      resume() {},
      destroy: () => frame.el.remove(),
    };
  }
  loading.remove();
  const player = clientGame(record.game)?.replay;
  if (!player) {
    frame.body.append(
      h("div", { class: "notice page-notice", role: "status" }, h("h2", {}, "No replay player for this game yet"), h("p", {}, "The game is stored and will play here once its replay player is written. Its result is in My games.")),
    );
    return { el: frame.el, snapshot: () => ({ page: "replay", ready: false }), renderNow() {}, resume() {}, destroy: () => frame.el.remove() };
  }
  return (await player())(frame, record);
}
