// The game log as the table shows it (the side panel and the full "Game log" dialog): one line
// per event, the last LOG_KEPT the view carries. Once the game is over and stored, every line
// is a link to the replay at that moment (`#/replay/ID?at=SEQ`: replay step k is the game
// after event k, common/table/replay.ts), and lines older than the view carries are reached
// through the replay too.
import type { LogLine } from "../../../common/table/logline";
import { h } from "../../ui/dom";

export interface LogState {
  lines: readonly LogLine[];
  /** The game is over (its result is final). */
  finished: boolean;
  /** The stored game's replay id: > 0 saved, 0 still being saved, −1 none. */
  replayId: number;
}

/** The address of the replay of game `id` at the moment of event `seq`. */
export const momentHref = (id: number, seq: number) => `#/replay/${id}?at=${seq}`;

/** What the panel says about its lines once the game is over (empty while it is played). */
export function logHint(s: LogState): string {
  if (!s.finished) return "";
  if (s.replayId > 0) return "Click or tap a line to watch the replay from that moment.";
  if (s.replayId === 0) return "The replay is being saved; then each line opens it at that moment.";
  return "";
}

/** Fills `list` with the log's lines (links into the replay once the game is over and saved). */
export function drawLog(list: HTMLElement, s: LogState): void {
  const linked = s.finished && s.replayId > 0;
  const items: HTMLElement[] = [];
  // The view carries the last lines only: say so, and where the earlier ones are.
  const first = s.lines[0]?.seq ?? 1;
  if (first > 1) {
    const words = `${first - 1} earlier line${first === 2 ? "" : "s"} ${linked ? "— in the replay" : "are in the game's replay once it is over"}`;
    items.push(h("li", { class: "tt-log-earlier" }, linked ? h("a", { href: momentHref(s.replayId, 0), class: "tt-log-at" }, `${words} from the start`) : words));
  }
  for (const l of s.lines) {
    items.push(
      h(
        "li",
        { "data-do": l.do, "data-seq": l.seq },
        linked ? h("a", { href: momentHref(s.replayId, l.seq), class: "tt-log-at", title: "Watch the replay from this moment" }, l.text) : l.text,
      ),
    );
  }
  list.replaceChildren(...items);
  list.classList.toggle("tt-log-linked", linked);
}
