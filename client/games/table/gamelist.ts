// The game list chooser: which copies of a deck this game plays (commanders and cards), without
// changing the deck. One list per deck is kept in this browser (localStorage, keyed by the
// deck's text) and offered again the next time the same list is pasted or opened.
import { candidates, defaultList, parseGameList, type Candidate, type GameList } from "../../../common/table/gamelist";
import type { Deck } from "../../../common/table/deck";
import { h } from "../../ui/dom";

const PREFIX = "tt.gamelist.";
const SECTION_WORDS: Record<string, string> = { commander: "Commander", companion: "Companion", main: "Deck", sideboard: "Sideboard", maybeboard: "Maybeboard" };

/** A short key of a deck's text (spacing and case aside): FNV-1a, 32 bits. */
function deckKey(text: string): string {
  const s = text.replace(/\s+/g, " ").trim().toLowerCase();
  let x = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) x = Math.imul(x ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return PREFIX + x.toString(16);
}

/** The list this browser keeps for the deck written as `text`, or null. */
export function savedList(text: string): GameList | null {
  try {
    const raw = localStorage.getItem(deckKey(text));
    return raw ? parseGameList(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function saveList(text: string, list: GameList | null): void {
  try {
    if (list) localStorage.setItem(deckKey(text), JSON.stringify(list));
    else localStorage.removeItem(deckKey(text));
  } catch {
    // A browser without storage plays the deck as written.
  }
}

export class GameListChooser {
  readonly el = h("div", { class: "tt-gamelist", id: "tt-gamelist", hidden: true, role: "dialog", "aria-modal": "false", "aria-labelledby": "tt-gamelist-h" });

  constructor(private readonly changed: () => void) {}

  open(text: string, deck: Deck): void {
    const all = candidates(deck);
    const list = savedList(text) ?? defaultList(deck);
    const rows: { c: Candidate; n: HTMLInputElement; lead: HTMLInputElement }[] = [];
    const total = h("p", { id: "tt-gamelist-total" });
    const recount = () => {
      const leaders = rows.filter((r) => r.lead.checked).length;
      const cards = rows.reduce((n, r) => n + Math.max(0, Math.min(r.c.count, Math.round(Number(r.n.value) || 0))), 0);
      total.textContent = `${cards + leaders} cards chosen${leaders ? `, ${leaders} of them in command` : ""}.${leaders > 2 ? " A deck is led by one commander, or two partners: untick the others." : ""}`;
    };
    const body = h("tbody");
    let section = "";
    for (const c of all) {
      if (c.section !== section) {
        section = c.section;
        body.append(h("tr", { class: "tt-gamelist-section" }, h("th", { colspan: 3, scope: "colgroup" }, SECTION_WORDS[section] ?? section)));
      }
      const lead = h("input", { type: "checkbox", "aria-label": `${c.def.name} as commander` }) as HTMLInputElement;
      lead.checked = list.commanders.includes(c.key);
      const chosen = (list.cards[c.key] ?? 0) + 0;
      const n = h("input", { type: "number", min: 0, max: c.count, value: String(Math.min(c.count, chosen)), "aria-label": `Copies of ${c.def.name} to play (of ${c.count})`, class: "tt-gamelist-n" }) as HTMLInputElement;
      lead.addEventListener("change", recount);
      n.addEventListener("input", recount);
      rows.push({ c, n, lead });
      body.append(h("tr", {}, h("td", {}, n, h("span", { class: "tt-hint" }, ` of ${c.count}`)), h("td", {}, c.def.name, c.def.set ? h("span", { class: "tt-hint" }, ` (${c.def.set}${c.def.number ? ` ${c.def.number}` : ""})`) : ""), h("td", {}, h("label", {}, lead, " commander"))));
    }
    const save = h("button", { type: "button", class: "primary", id: "tt-gamelist-save" }, "Play these");
    save.addEventListener("click", () => {
      const next: GameList = { commanders: rows.filter((r) => r.lead.checked).slice(0, 2).map((r) => r.c.key), cards: {} };
      for (const r of rows) {
        const k = Math.max(0, Math.min(r.c.count - (r.lead.checked ? 1 : 0), Math.round(Number(r.n.value) || 0)));
        if (k) next.cards[r.c.key] = k;
      }
      saveList(text, next);
      this.close();
    });
    const reset = h("button", { type: "button", class: "secondary", id: "tt-gamelist-reset" }, "Play the deck as written");
    reset.addEventListener("click", () => {
      saveList(text, null);
      this.close();
    });
    const cancel = h("button", { type: "button", class: "secondary", id: "tt-gamelist-cancel" }, "Cancel");
    cancel.addEventListener("click", () => (this.el.hidden = true));
    this.el.replaceChildren(
      h("h3", { id: "tt-gamelist-h" }, "The cards for this game"),
      h("p", { class: "tt-hint" }, "Choose how many copies of each card this game plays, and your commander(s). The deck itself does not change; this browser remembers the choice for this deck. Unchosen sideboard cards stay in the sideboard, a chosen companion starts in the command zone, everything else stays out."),
      h("div", { class: "tt-gamelist-scroll" }, h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Play"), h("th", { scope: "col" }, "Card"), h("th", { scope: "col" }, "Lead"))), body)),
      total,
      h("div", { class: "notice-actions" }, save, reset, cancel),
    );
    recount();
    this.el.hidden = false;
    save.focus();
  }

  private close(): void {
    this.el.hidden = true;
    this.changed();
  }
}
