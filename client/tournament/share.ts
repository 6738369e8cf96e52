// A private tournament's page (page.ts) says it is private and shows its code and link to
// share; its creator may cancel it before it starts (DELETE /api/tournaments/:id, asked twice:
// a second button confirms). A cancelled one says so. Nothing for the operator's tournaments.
import { api } from "../net/profile";
import { errorText } from "../net/session";
import { h } from "../ui/dom";
import type { TournamentDetail } from "./api";
import { shareLink } from "./create";

/** The private part of the page, or null for a listed tournament. `changed`: the tournament was cancelled (the page reads it again). */
export function privateBox(t: TournamentDetail, me: string | null, changed: () => void): HTMLElement | null {
  if (!t.private) return null;
  const by = t.creator?.name ?? "a player";
  if (t.settings.cancelled) {
    return h("section", { class: "card tn-private", id: "tn-private" }, h("p", { class: "tn-state", id: "tn-cancelled" }, `${by} cancelled this tournament before it started.`));
  }
  const link = shareLink(t.id);
  const note = h("p", { class: "tn-note", role: "status", "aria-live": "polite" });
  const started = typeof t.settings.startsAt === "number" && Date.now() >= t.settings.startsAt;
  let actions: HTMLElement | null = null;
  if (me && t.creator?.id === me && !started && !t.finished) {
    const cancel = h("button", { type: "button", class: "secondary small", id: "tn-cancel" }, "Cancel the tournament");
    const sure = h("button", { type: "button", class: "secondary danger small", id: "tn-cancel-yes", hidden: true }, "Yes, cancel it");
    cancel.addEventListener("click", () => {
      sure.hidden = false;
      note.textContent = "Cancel it? Nobody can join it then, and whoever joined is told.";
      sure.focus();
    });
    sure.addEventListener("click", () => {
      sure.disabled = true;
      api(`/api/tournaments/${encodeURIComponent(t.id)}`, { method: "DELETE" })
        .then(changed)
        .catch((e) => ((note.textContent = errorText(e)), (sure.disabled = false)));
    });
    actions = h("div", { class: "notice-actions" }, cancel, sure);
  }
  return h(
    "section",
    { class: "card tn-private", id: "tn-private", "aria-labelledby": "tn-private-h" },
    h("h2", { id: "tn-private-h" }, "Private tournament"),
    h("p", {}, `Made by ${by}. Not listed: players join with its code `, h("strong", { class: "tn-code", id: "tn-share-code" }, t.id), " or this link:"),
    h("input", { type: "text", readonly: true, class: "tn-made-link", id: "tn-share-link", value: link, "aria-label": "The tournament's link" }),
    actions,
    note,
  );
}
