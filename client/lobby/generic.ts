// The lobby panel of a game on the generic room, built from its definition alone:
// solo against the bot (when the game has one), quick play, a private room (with its
// spectator delay).
import { GAMES } from "../../common/games";
import { openSession } from "../net/session";
import { h } from "../ui/dom";
import type { LobbyPanel } from "./panel";
import { spectatorDelayField } from "./spectatorDelay";

export function definitionLobby(id: string): LobbyPanel {
  return (ctx) => {
    const def = GAMES.find((g) => g.id === id);
    if (!def) return [];
    const button = (suffix: string, label: string, what: string, how: "create" | "joinOrCreate", options: Record<string, unknown> | (() => Record<string, unknown>)) => {
      const b = h("button", { type: "button", class: "primary", id: `${id}-${suffix}-btn` }, label);
      b.addEventListener("click", () => void ctx.enter(what, () => openSession({ game: id, how, options: typeof options === "function" ? options() : options })));
      return b;
    };
    const delay = spectatorDelayField(`${id}-spectator-delay`);
    const solo = def.bot && def.configure({ mode: "solo" }).ok;
    return [
      h(
        "section",
        { class: "card", id: `${id}-play`, "aria-labelledby": `${id}-lobby-h` },
        h("h2", { id: `${id}-lobby-h` }, def.title),
        h(
          "div",
          { class: "notice-actions" },
          solo ? button("solo", "Play the bot", `Starting ${def.title} against the bot…`, "create", { mode: "solo" }) : null,
          button("quick", "Quick play", `Finding a ${def.title} table…`, "joinOrCreate", {}),
          button("private", "Private room", `Creating a private ${def.title} room…`, "create", () => ({ private: true, spectatorDelay: delay.seconds() })),
        ),
        h("div", { class: "private-options" }, delay.el),
      ),
    ];
  };
}
