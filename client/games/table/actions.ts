// The table-wide actions of catalogue version 2 (issue 18) in the tool row's "More actions"
// menu, and their dialogs: reveal until (excavate) and where the card found goes, drain and
// extort, Krark's Thumb, an ability under the top of the stack, organizing the battlefield,
// teams, signals and the phantom opponent of a goldfish game. The server judges every action.
import { REVEAL_DESTS, REVEAL_FILTERS } from "../../../common/table/catalogue";
import { h } from "../../ui/dom";
import { cardEl } from "./cards";
import type { DialogHost } from "./dialogs";
import { signalsDialog } from "./signals";

type Item = { do: string; label: string; run(): void };

function show(d: DialogHost, kind: string, ...children: (Node | null)[]): void {
  d.dialog.dataset.kind = kind;
  d.dialog.replaceChildren(...children.filter((c): c is Node => c !== null));
  d.dialog.hidden = false;
}

const closeButton = (d: DialogHost, label = "Cancel") => {
  const b = h("button", { type: "button", class: "secondary" }, label);
  b.addEventListener("click", () => (d.dialog.hidden = true));
  return b;
};

const button = (id: string, label: string, run: () => void, cls = "primary") => {
  const b = h("button", { type: "button", class: cls, id }, label);
  b.addEventListener("click", run);
  return b;
};

const FILTER_WORDS: Record<(typeof REVEAL_FILTERS)[number], string> = { land: "a land", nonland: "a nonland card", creature: "a creature", noncreature: "a noncreature card", instantOrSorcery: "an instant or sorcery", name: "a card named…" };
const DEST_WORDS: Record<(typeof REVEAL_DESTS)[number], string> = { hand: "To hand", battlefield: "To the battlefield", graveyard: "To graveyard", exile: "To exile", stack: "On the stack", library: "Back on top" };

function revealDialog(d: DialogHost): void {
  const filter = h("select", { id: "tt-reveal-filter", "aria-label": "Reveal until" }, ...REVEAL_FILTERS.map((f) => h("option", { value: f }, FILTER_WORDS[f]))) as HTMLSelectElement;
  const name = h("input", { id: "tt-reveal-name", maxlength: 60, placeholder: "Card name", "aria-label": "Card name", hidden: true }) as HTMLInputElement;
  filter.addEventListener("change", () => (name.hidden = filter.value !== "name"));
  const go = button("tt-reveal-go", "Reveal", () => {
    d.act({ do: "revealUntil", filter: filter.value as (typeof REVEAL_FILTERS)[number], ...(filter.value === "name" ? { name: name.value.trim().slice(0, 60) } : {}) });
    d.dialog.hidden = true;
  });
  show(d, "reveal", h("h2", {}, "Reveal until"), h("p", { class: "tt-hint" }, "Cards are revealed to everyone from the top of your library until one matches; then you choose where it goes, and the rest go to the bottom in a random order."), h("div", { class: "tt-form" }, filter, name), h("div", { class: "notice-actions" }, go, closeButton(d)));
  filter.focus();
}

/** While the viewer reveals from the top (revealUntil): the revealed cards and where the one found goes. */
export function drawDig(d: DialogHost): void {
  const g = d.me();
  const dig = g >= 0 ? d.view()?.table?.players[g]?.dig : undefined;
  if (!dig) {
    if (d.dialog.dataset.kind === "dig") d.dialog.hidden = true;
    return;
  }
  const lib = d.zoneOf(`${g}.library`);
  const shown = (lib.known ?? []).filter(([i]) => i < dig.n).sort((a, b) => a[0] - b[0]);
  const sig = JSON.stringify([dig, shown.map(([, c]) => c.id)]);
  if (sig === d.dialog.dataset.sig && d.dialog.dataset.kind === "dig" && !d.dialog.hidden) return;
  d.dialog.dataset.sig = sig;
  const found = dig.hit ? shown[shown.length - 1]?.[1] : undefined;
  const rest = dig.n - (found ? 1 : 0);
  const choices = found
    ? REVEAL_DESTS.map((z) => button(`tt-dig-${z}`, DEST_WORDS[z], () => d.act({ do: "finishReveal", zone: z }), z === "hand" ? "primary" : "secondary"))
    : [button("tt-dig-bottom", "All to the bottom", () => d.act({ do: "finishReveal" }))];
  show(
    d,
    "dig",
    h("h2", {}, found ? `Found ${found.card?.name ?? "a card"}` : "None matched"),
    h("p", { class: "tt-hint" }, found ? `Where does it go? ${rest === 1 ? "The other card goes to the bottom." : rest ? `The other ${rest} go to the bottom in a random order.` : ""}` : `All ${dig.n} revealed cards go to the bottom in a random order.`),
    h("ol", { class: "tt-look" }, ...shown.map(([, c]) => h("li", { class: c === found ? "tt-found" : "" }, cardEl(c)))),
    h("div", { class: "notice-actions" }, ...choices),
  );
}

function drainDialog(d: DialogHost): void {
  const n = h("input", { id: "tt-drain-n", type: "number", min: 1, max: 1000, value: 1, "aria-label": "How much" }) as HTMLInputElement;
  const go = button("tt-drain-go", "Drain", () => {
    d.act({ do: "drain", n: Math.max(1, Math.min(1000, Math.round(Number(n.value) || 1))) });
    d.dialog.hidden = true;
  });
  show(d, "drain", h("h2", {}, "Drain"), h("p", { class: "tt-hint" }, "Each opponent loses this much life and you gain the total."), h("div", { class: "tt-form" }, n), h("div", { class: "notice-actions" }, go, closeButton(d)));
  n.focus();
}

function teamsDialog(d: DialogHost): void {
  const t = d.view()!.table!;
  const letters = ["A", "B", "C", "D", "E"];
  const picks = t.players.map((p, i) => {
    const s = h("select", { id: `tt-team-${i}`, "aria-label": `${d.nameOf(i)}'s team` }, h("option", { value: 0 }, "No team"), ...letters.map((l, k) => h("option", { value: k + 1 }, `Team ${l}`))) as HTMLSelectElement;
    s.value = String(p.team ?? 0);
    return h("label", { class: "tt-winner" }, `${d.nameOf(i)} `, s);
  });
  const ff = h("input", { type: "checkbox", id: "tt-team-ff" }) as HTMLInputElement;
  ff.checked = !!t.options.friendlyFire;
  const go = button("tt-team-go", "Set the teams", () => {
    d.act({ do: "teams", of: t.players.map((_, i) => Number((d.dialog.querySelector(`#tt-team-${i}`) as HTMLSelectElement).value)), ...(ff.checked ? { friendlyFire: true } : {}) });
    d.dialog.hidden = true;
  });
  show(
    d,
    "teams",
    h("h2", {}, "Teams"),
    h("p", { class: "tt-hint" }, "Group the players as you like. A team wins together; drain and extort spare teammates unless friendly fire is on."),
    ...picks,
    h("label", { class: "tt-winner" }, ff, " Friendly fire"),
    h("div", { class: "notice-actions" }, go, closeButton(d)),
  );
}

function abilityUnderTop(d: DialogHost): void {
  const text = window.prompt("The ability to put on the stack under the top one (its text):", "");
  if (text && text.trim()) d.act({ do: "stackAfter", text: text.trim().slice(0, 500) });
}

/** The menu items: what everyone may do, and what only a goldfish table has. */
export function moreActions(d: DialogHost): Item[] {
  const t = d.view()?.table;
  if (!t || d.me() < 0) return [];
  const items: Item[] = [
    { do: "revealUntil", label: "Reveal until…", run: () => revealDialog(d) },
    { do: "organize", label: "Organize my battlefield", run: () => d.act({ do: "organize" }) },
    { do: "drain", label: "Drain…", run: () => drainDialog(d) },
    { do: "extort", label: "Extort", run: () => d.act({ do: "extort" }) },
    { do: "thumbCoins", label: "Flip with Krark's Thumb", run: () => d.act({ do: "thumbCoins" }) },
    { do: "stackAfter", label: "Ability under the top of the stack…", run: () => abilityUnderTop(d) },
    { do: "signal", label: "Signals…", run: () => signalsDialog(d) },
  ];
  if (t.players.length > 1 && t.options.teams !== "twoHeadedGiant") items.push({ do: "teams", label: "Teams…", run: () => teamsDialog(d) });
  const ph = t.phantom;
  if (ph) {
    const now = `(now ${ph.life} life${ph.poison ? `, ${ph.poison} poison` : ""})`;
    items.push({ do: "phantom", label: `Phantom opponent −1 life ${now}`, run: () => d.act({ do: "phantom", life: -1 }) }, { do: "phantom", label: "Phantom opponent −5 life", run: () => d.act({ do: "phantom", life: -5 }) }, { do: "phantom", label: "Phantom opponent +1 poison", run: () => d.act({ do: "phantom", poison: 1 }) });
  }
  return items;
}
