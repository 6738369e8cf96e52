// The lobby's "Private tournaments" card, beside the Tournaments list (docs/tournaments.md,
// "Private tournaments"): a code box (a friend's tournament), then "Create a tournament" folded
// (a rated game, arena or Swiss, its length and when it starts; once made, its code and link
// to share), and this browser's profile's tournaments that are not over (GET
// /api/tournaments/mine). No game is
// named: the choices are the rated pools (a Swiss only for two-player ones).
import { RATED_POOLS, ratedPool } from "../../common/rated";
import { api, loadProfile } from "../net/profile";
import { errorText } from "../net/session";
import { field } from "../lobby/ui";
import { h } from "../ui/dom";
import { kindText, whenText, type TournamentInfo } from "./words";
import "./tournament.css";

/** What the server answers for a tournament a player made (create.ts on the server). */
export interface MadeTournament extends TournamentInfo {
  code: string;
  link: string;
}

const ARENA_MINUTES = [10, 15, 30, 60, 120];
const SWISS_ROUNDS = [3, 4, 5, 7];
const STARTS_IN: [number, string][] = [
  [0, "Now"],
  [5, "In 5 minutes"],
  [15, "In 15 minutes"],
  [30, "In 30 minutes"],
  [60, "In an hour"],
];
/** A tournament code: 5 letters of the room-code alphabet (no I or O). */
const CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ]{5}$/;

/** The full address of a tournament's page, to share. */
export const shareLink = (code: string): string => `${location.origin}${location.pathname}#/tournament/${code}`;

function option(value: string | number, text: string, selected = false): HTMLOptionElement {
  return h("option", { value: String(value), ...(selected ? { selected: true } : {}) }, text);
}

export function createTournamentCard(navigate: (hash: string) => void): { el: HTMLElement; refresh(): void } {
  const pool = h("select", { name: "pool", id: "tn-new-pool" }, ...RATED_POOLS.map((p, i) => option(p.id, p.title, i === 0)));
  const kind = h("select", { name: "kind", id: "tn-new-kind" }, option("timed-arena", "Arena", true), option("swiss", "Swiss"));
  const length = h("select", { name: "length", id: "tn-new-length" });
  const starts = h("select", { name: "startsIn", id: "tn-new-starts" }, ...STARTS_IN.map(([m, text], i) => option(m, text, i === 1)));
  const status = h("p", { class: "tn-note", id: "tn-new-status", role: "status", "aria-live": "polite" });
  const made = h("div", { class: "tn-made", id: "tn-made", hidden: true });
  const submit = h("button", { type: "submit", class: "primary", id: "tn-new-create" }, "Create");

  /** The length's choices follow the kind; a Swiss only in a two-player game. */
  function fit(): void {
    const swiss = kind.value === "swiss";
    const was = length.value;
    length.replaceChildren(...(swiss ? SWISS_ROUNDS.map((r) => option(r, `${r} rounds`, r === 4)) : ARENA_MINUTES.map((m) => option(m, `${m} minutes`, m === 30))));
    if ([...length.options].some((o) => o.value === was)) length.value = was;
    for (const o of pool.options) o.disabled = swiss && (ratedPool(o.value)?.seats.min ?? 2) > 2;
    if (pool.selectedOptions[0]?.disabled) pool.value = [...pool.options].find((o) => !o.disabled)?.value ?? pool.value;
  }
  kind.addEventListener("change", fit);
  fit();

  function showMade(t: MadeTournament): void {
    const link = shareLink(t.code);
    const copy = h("button", { type: "button", class: "small secondary", id: "tn-made-copy" }, "Copy link");
    copy.addEventListener("click", () => {
      void navigator.clipboard?.writeText(link).then(
        () => (status.textContent = "The link is copied: send it to the players you want."),
        () => (status.textContent = "Could not copy: select the link and copy it yourself."),
      );
    });
    made.replaceChildren(
      h("p", { class: "tn-made-line" }, `${t.title} is made. Only players with its code can join: `, h("strong", { class: "tn-code", id: "tn-made-code" }, t.code), ". Share the code or the link."),
      h("input", { type: "text", readonly: true, class: "tn-made-link", id: "tn-made-link", value: link, "aria-label": "The tournament's link" }),
      h("div", { class: "notice-actions" }, h("a", { class: "button-link", href: `#/tournament/${t.code}`, id: "tn-made-open" }, "Open its page"), copy),
    );
    made.hidden = false;
  }

  const form = h(
    "form",
    { class: "tn-new-form", id: "tn-new-form", novalidate: true },
    field("Game", pool),
    field("Kind", kind),
    field("Length", length),
    field("Starts", starts),
    submit,
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!loadProfile()) {
      status.textContent = "Making a tournament needs a profile: give yourself a name at the top of the lobby first.";
      return;
    }
    const swiss = kind.value === "swiss";
    const body = { pool: pool.value, kind: kind.value, startsIn: Number(starts.value), ...(swiss ? { rounds: Number(length.value) } : { minutes: Number(length.value) }) };
    submit.disabled = true;
    status.textContent = "Making the tournament…";
    api("/api/tournaments", { method: "POST", body: JSON.stringify(body) })
      .then((t: MadeTournament) => {
        status.textContent = "";
        maker.open = false;
        showMade(t);
        void loadMine();
      })
      .catch((err) => (status.textContent = errorText(err)))
      .finally(() => (submit.disabled = false));
  });

  // A friend's tournament: its code.
  const codeInput = h("input", { type: "text", name: "tcode", id: "tn-code", maxlength: 5, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", placeholder: "ABCDE" });
  const codeWhy = h("p", { class: "field-error", id: "tn-code-why", role: "alert" });
  const codeForm = h("form", { class: "tn-code-form", id: "tn-code-form", novalidate: true }, field("Tournament code", codeInput), h("button", { type: "submit", class: "secondary", id: "tn-code-go" }, "Open"), codeWhy);
  codeForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (!CODE.test(code)) {
      codeWhy.textContent = "A tournament code is 5 letters (like ABCDE), from the player who made it.";
      codeInput.setAttribute("aria-invalid", "true");
      return;
    }
    codeWhy.textContent = "";
    codeInput.removeAttribute("aria-invalid");
    navigate(`#/tournament/${code}`);
  });

  const mine = h("ul", { class: "tn-list", id: "tn-mine" });
  const mineHead = h("h3", { class: "tn-mine-h", hidden: true }, "Your tournaments");
  async function loadMine(): Promise<void> {
    if (!loadProfile()) return;
    try {
      const { tournaments } = (await api("/api/tournaments/mine")) as { tournaments: MadeTournament[] };
      const now = Date.now();
      mineHead.hidden = tournaments.length === 0;
      mine.replaceChildren(
        ...tournaments.map((t) =>
          h(
            "li",
            { class: "tn-item", "data-id": t.id },
            h(
              "a",
              { class: "tn-item-link", href: `#/tournament/${t.code}` },
              h("span", { class: "tn-item-title" }, `${t.code} · ${t.title}`),
              h("span", { class: "tn-item-what" }, `${kindText(t)} · ${whenText({ ...t, status: t.status === "finished" ? "finished" : t.status }, now)}`),
            ),
          ),
        ),
      );
    } catch {
      // the list is a convenience: the codes are on their pages too
    }
  }

  // The form folds away (most players join a friend's tournament rather than make one): the
  // lobby on a phone stays a short scroll; it folds again once one is made, its code below.
  const maker = h(
    "details",
    { class: "tn-new-more", id: "tn-new-more" },
    h("summary", { id: "tn-new-open" }, "Create a tournament"),
    h("p", { class: "tn-note" }, "Private: it is not listed; players join with its code or link. An arena: as many games as you can in its time. A Swiss: a fixed number of rounds, for two-player games."),
    form,
  );
  const el = h(
    "section",
    { class: "card tn-new", id: "tn-new", "aria-labelledby": "tn-new-h" },
    h("h2", { id: "tn-new-h" }, "Private tournaments"),
    codeForm,
    maker,
    status,
    made,
    mineHead,
    mine,
  );
  return { el, refresh: () => void loadMine() };
}
