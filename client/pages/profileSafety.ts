// Safety on a profile page (docs/safety.md): on someone else's page, Mute and Block (kept on
// your profile, every device); on your own, the people you muted or blocked (undo any) and
// what a moderator did about you, in words (GET /api/profile/safety).
import { api } from "../net/profile";
import { h } from "../ui/dom";

interface Listed {
  id: string;
  name: string;
}
interface Standing {
  mutes: Listed[];
  blocks: Listed[];
  sanctions: { kind: string; until: number; reason: string; message: string }[];
}

const change = (list: "mutes" | "blocks", id: string, on: boolean): Promise<Standing> =>
  api(`/api/profile/safety/${list}/${encodeURIComponent(id)}`, { method: on ? "PUT" : "DELETE" });

/** Mute and Block for the profile `other` (named `name`), as seen by this browser's profile. */
export function otherProfileSafety(other: string, name: string): HTMLElement {
  const status = h("p", { class: "pr-sub", id: "pr-safety-status", role: "status", "aria-live": "polite" });
  const mute = h("button", { type: "button", class: "secondary small", id: "pr-mute" }, "Mute");
  const block = h("button", { type: "button", class: "secondary small", id: "pr-block" }, "Block");
  let standing: Standing = { mutes: [], blocks: [], sanctions: [] };
  const draw = () => {
    const muted = standing.mutes.some((m) => m.id === other);
    const blocked = standing.blocks.some((m) => m.id === other);
    mute.textContent = muted ? "Unmute" : "Mute";
    block.textContent = blocked ? "Unblock" : "Block";
  };
  const toggle = async (list: "mutes" | "blocks") => {
    const on = !standing[list].some((m) => m.id === other);
    try {
      standing = { ...standing, ...(await change(list, other, on)) };
      draw();
      status.textContent =
        list === "mutes"
          ? on ? `${name} is muted: you will not see their chat, in any room, on any of your devices.` : `${name} is no longer muted.`
          : on ? `${name} is blocked: you will never be seated with them in quick play or rated play, and they cannot join your private rooms.` : `${name} is no longer blocked.`;
    } catch (e) {
      status.textContent = (e as Error).message;
    }
  };
  mute.addEventListener("click", () => void toggle("mutes"));
  block.addEventListener("click", () => void toggle("blocks"));
  api("/api/profile/safety").then((s: Standing) => ((standing = s), draw()), () => undefined);
  return h("section", { class: "card", id: "pr-safety", "aria-label": `Mute or block ${name}` }, h("div", { class: "profile-name-row", style: "gap:8px" }, mute, block), status);
}

/** Your own lists (undo any) and a moderator's sanctions, in words. */
export function ownProfileSafety(): HTMLElement {
  const body = h("div", {});
  const section = h("section", { class: "card", id: "pr-safety", "aria-labelledby": "pr-safety-h" }, h("h2", { id: "pr-safety-h" }, "Muted and blocked"), body);
  const draw = (s: Standing) => {
    const row = (list: "mutes" | "blocks", p: Listed) => {
      const undo = h("button", { type: "button", class: "secondary small" }, list === "mutes" ? "Unmute" : "Unblock");
      undo.addEventListener("click", () => change(list, p.id, false).then((next) => draw({ ...s, ...next }), () => undefined));
      return h("li", {}, h("a", { href: `#/profile/${p.id}` }, p.name), list === "mutes" ? " (muted) " : " (blocked) ", undo);
    };
    body.replaceChildren(
      ...s.sanctions.map((x) => h("p", { class: "notice", role: "note" }, x.message)),
      s.mutes.length || s.blocks.length
        ? h("ul", { class: "pr-safety-list" }, ...s.mutes.map((p) => row("mutes", p)), ...s.blocks.map((p) => row("blocks", p)))
        : h("p", { class: "pr-empty" }, "Nobody. Mute or block someone from a room's Chat panel or their profile page."),
    );
  };
  api("/api/profile/safety").then(draw, () => section.remove());
  return section;
}
