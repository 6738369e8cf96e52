// The deck stage: the decklist box (paste, or pick a file: plain text, MTG Arena / Moxfield,
// MTGO .dek, Cockatrice .cod, XMage .dck, Magic Workstation .mwDeck), what card data the server
// holds (GET /api/cards), a live check of the list against the table's format (every line not
// understood, by number; the format's warnings), the game list (which copies this game plays,
// kept in this browser per deck: gamelist.ts), Import / the standard deck, how many seats have
// chosen, and the import report (cards the card data did not know, the full deck check with the
// card data), said in the deck stage and kept at the table until dismissed.
import { blocks, checkDeck, warningWords } from "../../../common/table/checks";
import { parseDecklist } from "../../../common/table/deck";
import { FORMAT_NAMES, prepareDecklist } from "../../../common/table/decklists";
import { deckMessages, MAX_DECKLIST_CHARS, type TableGameView } from "../../../common/table/game";
import { applyGameList, deckText } from "../../../common/table/gamelist";
import type { Format } from "../../../common/table/types";
import { h } from "../../ui/dom";
import { GameListChooser, savedList } from "./gamelist";

export interface DeckHost {
  /** Sends a deck message (a piece of the list, or "" for the standard deck). */
  send(m: { text: string; at?: number; more?: true; sparring?: true }): void;
  /** The table's format (its construction rules are checked here as the player writes). */
  format(): Format;
}

/** A deck file bigger than this is not a decklist (an XML export of 250 cards is ~40 KB). */
export const MAX_DECK_FILE_BYTES = 256 * 1024;
const SHOWN_ERRORS = 12;

export class DeckStage {
  readonly el = h("section", { class: "tt-decks", id: "tt-decks" });
  readonly report = h("div", { class: "tt-report", id: "tt-report", hidden: true, role: "status" });
  private readonly text = h("textarea", { id: "tt-decklist", rows: 8, placeholder: "4 Lightning Bolt (M10) 146\n1 Delver of Secrets // Insectile Aberration\n20 Mountain\n\nSideboard\n2 Duress", "aria-describedby": "tt-decklist-help tt-check" }) as HTMLTextAreaElement;
  private readonly file = h("input", { type: "file", id: "tt-deck-file", accept: ".txt,.dec,.dek,.cod,.dck,.mwDeck,.mwdeck,text/plain,text/xml,application/xml", class: "tt-file" }) as HTMLInputElement;
  private readonly fileBtn = h("button", { type: "button", class: "secondary", id: "tt-deck-file-btn" }, "Open a deck file…");
  private readonly importBtn = h("button", { type: "button", class: "primary", id: "tt-import" }, "Import decklist");
  private readonly standardBtn = h("button", { type: "button", class: "secondary", id: "tt-standard" }, "Use the standard 52-card deck");
  private readonly listBtn = h("button", { type: "button", class: "secondary", id: "tt-gamelist-btn", hidden: true }, "Choose the cards for this game…");
  private readonly check = h("div", { class: "tt-check", id: "tt-check", "aria-live": "polite" });
  private readonly status = h("p", { id: "tt-deck-status" });
  private readonly refusal = h("p", { id: "tt-deck-refused", class: "tt-check-bad", role: "alert", hidden: true });
  private readonly data = h("p", { class: "tt-hint", id: "tt-card-data" });
  private readonly chooser: GameListChooser;
  private readonly partnerText = h("textarea", { id: "tt-sparring-list", rows: 3, placeholder: "Empty: its built-in deck of lands and creatures", "aria-describedby": "tt-sparring-help" }) as HTMLTextAreaElement;
  private readonly partner = h(
    "div",
    { class: "tt-sparring", id: "tt-sparring", hidden: true },
    h("label", { for: "tt-sparring-list", class: "tt-label-line" }, "Sparring partner's deck"),
    this.partnerText,
    h("p", { class: "tt-hint", id: "tt-sparring-help" }, "The table plays this seat itself: on its turn it plays a land and what its lands pay for, then passes. It never attacks or blocks; move its cards as you like."),
  );
  private reportSeen = "";
  private checked = false;
  private timer = 0;

  constructor(private readonly host: DeckHost) {
    this.chooser = new GameListChooser(() => this.drawCheck());
    this.importBtn.addEventListener("click", () => {
      const text = this.textToSend();
      if (text === null || !this.sendPartner()) return;
      for (const m of deckMessages(text)) host.send(m);
    });
    this.standardBtn.addEventListener("click", () => this.sendPartner() && host.send({ text: "" }));
    this.fileBtn.addEventListener("click", () => this.file.click());
    this.file.addEventListener("change", () => void this.readFile());
    this.listBtn.addEventListener("click", () => {
      const r = parseDecklist(this.text.value);
      if (r.ok) this.chooser.open(this.text.value, r.deck);
    });
    this.text.addEventListener("input", () => {
      this.refusal.hidden = true;
      clearTimeout(this.timer);
      this.timer = window.setTimeout(() => this.drawCheck(), 250);
    });
    const help = h(
      "p",
      { class: "tt-hint", id: "tt-decklist-help" },
      "Paste a list as Moxfield, Archidekt, MTG Arena or MTGO export it, or open a deck file (.txt, MTGO .dek, Cockatrice .cod, XMage .dck, Magic Workstation .mwDeck). One card a line with its count, such as ",
      h("code", {}, "4 Lightning Bolt"),
      " or ",
      h("code", {}, "1 Fire // Ice (APC) 128"),
      " (a set code and number pick that printing). Sections: Commander, Companion, Sideboard, Maybeboard, Tokens. Cards the server's card data knows come with their text and picture; others are plain text cards.",
    );
    this.el.append(
      h("h2", {}, "Choose your deck"),
      h("label", { for: "tt-decklist", class: "tt-label-line" }, "Decklist"),
      this.text,
      help,
      this.data,
      this.check,
      this.partner,
      h("div", { class: "notice-actions" }, this.importBtn, this.fileBtn, this.listBtn, this.standardBtn),
      this.file,
      this.refusal,
      this.status,
      this.chooser.el,
    );
    void fetch("/api/cards")
      .then((r) => (r.ok ? (r.json() as Promise<{ cards: number; source: string; importedAt: string; images: boolean }>) : null))
      .then((d) => {
        if (!d) return;
        this.data.textContent = d.cards
          ? `This server knows ${d.cards.toLocaleString("en")} cards (${d.source}, imported ${d.importedAt.slice(0, 10)})${d.images ? ", with their pictures" : ""}.`
          : "This server has no card data yet: every card is a plain text card showing its name and what the line adds after bars, such as 1 Grizzly Bears | Creature — Bear | {1}{G} | 2/2.";
      })
      .catch(() => undefined);
  }

  /** The partner's deck goes first (the deal follows the player's own); false: its list has lines to fix. */
  private sendPartner(): boolean {
    const text = this.partner.hidden ? "" : this.partnerText.value;
    if (!text.trim()) return true;
    const r = parseDecklist(text);
    if (!r.ok) {
      this.refused(`The sparring partner's deck has ${r.errors.length} line(s) not understood: ${r.errors.slice(0, 3).map((e) => e.message).join(" ")}`);
      return false;
    }
    const pieces = deckMessages(text);
    pieces.forEach((m, i) => this.host.send(i === pieces.length - 1 ? { ...m, sparring: true } : m));
    return true;
  }

  /** The list to send: with a game list chosen for this deck, only what it chose (written back as a plain list). */
  private textToSend(): string | null {
    const raw = this.text.value;
    const list = raw.trim() ? savedList(raw) : null;
    if (!list) return raw;
    const r = parseDecklist(raw);
    if (!r.ok) return raw; // the server names the lines
    const text = deckText(applyGameList(r.deck, list).deck);
    return text.length <= MAX_DECKLIST_CHARS ? text : raw;
  }

  /** A picked file: bounded; a text file goes in as it is (its line numbers stay), an XML export as the plain list it holds. */
  private async readFile(): Promise<void> {
    const f = this.file.files?.[0];
    this.file.value = "";
    if (!f) return;
    if (f.size > MAX_DECK_FILE_BYTES) {
      this.check.replaceChildren(h("p", { class: "tt-check-bad" }, `${f.name} is ${Math.round(f.size / 1024)} KB; a deck file is at most ${MAX_DECK_FILE_BYTES / 1024} KB. Pick the deck export itself, or paste the list.`));
      return;
    }
    const raw = await f.text();
    const p = prepareDecklist(raw);
    let text = raw;
    if (p.format === "mtgo" || p.format === "cockatrice") text = p.lines.map((l) => l.text).join("\n");
    if (text.length > MAX_DECKLIST_CHARS) {
      this.check.replaceChildren(h("p", { class: "tt-check-bad" }, `${f.name} holds ${text.length.toLocaleString("en")} characters of list; a decklist is at most ${MAX_DECKLIST_CHARS.toLocaleString("en")}. Remove the maybeboard or comments and try again.`));
      return;
    }
    this.text.value = text;
    this.drawCheck(p.errors.length ? { file: f.name, format: FORMAT_NAMES[p.format], errors: p.errors } : { file: f.name, format: FORMAT_NAMES[p.format], errors: [] });
  }

  /** The live check: lines not understood (by number), then the format's warnings for what the list holds now. */
  private drawCheck(from?: { file: string; format: string; errors: { line: number; message: string }[] }): void {
    const raw = this.text.value;
    const out: Node[] = [];
    if (from) out.push(h("p", { class: "tt-hint" }, `Read ${from.file} as ${from.format}.`));
    const fileErrors = from?.errors ?? [];
    if (!raw.trim() && !fileErrors.length) {
      this.listBtn.hidden = true;
      this.check.replaceChildren(...out);
      return;
    }
    const r = parseDecklist(raw);
    const errors = [...fileErrors.map((e) => ({ ...e, message: `${from!.file}, ${e.message}` })), ...(r.ok ? [] : r.errors)];
    if (errors.length) {
      out.push(
        h("p", { class: "tt-check-bad" }, `${errors.length} line${errors.length === 1 ? " was" : "s were"} not understood${fileErrors.length && r.ok ? " and left out" : ""}:`),
        h("ul", { class: "tt-check-list", id: "tt-check-errors" }, ...errors.slice(0, SHOWN_ERRORS).map((e) => h("li", {}, e.message.replace(/^line/, "Line")))),
        ...(errors.length > SHOWN_ERRORS ? [h("p", { class: "tt-hint" }, `…and ${errors.length - SHOWN_ERRORS} more.`)] : []),
      );
    }
    this.listBtn.hidden = !r.ok;
    if (r.ok) {
      const list = savedList(raw);
      const played = list ? applyGameList(r.deck, list) : { deck: r.deck, gone: [] };
      const count = played.deck.main.reduce((n, e) => n + e.count, 0) + played.deck.commander.reduce((n, e) => n + e.count, 0);
      const side = played.deck.sideboard.reduce((n, e) => n + e.count, 0);
      out.push(h("p", { id: "tt-check-size" }, `${count} card${count === 1 ? "" : "s"} to play${played.deck.commander.length ? ` (with ${played.deck.commander.map((e) => e.def.name).join(" and ")} in command)` : ""}${side ? `, ${side} in the sideboard` : ""}.${list ? " Your game list for this deck chooses them." : ""}`));
      const warnings = [...(played.gone.length ? [{ kind: "gone" as const, names: played.gone }] : []), ...checkDeck(played.deck, this.host.format())];
      if (warnings.length)
        out.push(
          h(
            "ul",
            { class: "tt-check-list", id: "tt-check-warnings" },
            ...warnings.map((w) => h("li", { class: blocks(w) && this.checked ? "tt-check-bad" : "" }, blocks(w) && this.checked ? "Must fix: " : "", warningWords(w))),
          ),
          h("p", { class: "tt-hint" }, this.checked ? "This table checks decks: fix what is marked “must fix” before importing. The card data adds checks of colours and commanders on import." : "This table does not check decks: you may play it as it is if your table agrees."),
        );
    }
    this.check.replaceChildren(...out);
  }

  /** The server refused the deck: its words, until the list changes. */
  refused(message: string): void {
    this.refusal.textContent = message;
    this.refusal.hidden = false;
  }

  draw(view: TableGameView | null, me: number): void {
    this.el.hidden = !view || view.stage !== "decks";
    this.checked = !!view?.checks;
    this.partner.hidden = !view?.sparring;
    if (view && view.stage === "decks") {
      const mine = me >= 0 && view.decks[me];
      for (const b of [this.importBtn, this.standardBtn, this.fileBtn, this.listBtn]) b.toggleAttribute("disabled", !!mine || me < 0);
      this.status.textContent = `${view.decks.filter(Boolean).length} of ${view.decks.length} decks chosen.${mine ? " Waiting for the others…" : ""}`;
    }
    this.drawReport(view);
  }

  private drawReport(view: TableGameView | null): void {
    const r = view?.report;
    const key = r ? JSON.stringify(r) : "";
    const warnings = r?.warnings ?? [];
    if (!r || (!r.data && !warnings.length) || key === this.reportSeen) return void (this.report.hidden = true);
    const all = r.found === r.cards;
    const dismiss = h("button", { type: "button", class: "small", id: "tt-report-ok" }, "OK");
    dismiss.addEventListener("click", () => {
      this.reportSeen = key;
      this.report.hidden = true;
    });
    const again = view?.stage === "decks" ? " Check the spelling (the English name, as on the card) and import again, or play them as they are." : "";
    const found = r.data ? h("p", {}, all ? `All ${r.cards} cards of your deck were found in the card data.` : `${r.found} of your ${r.cards} cards were found in the card data. Not found, so shown as plain text cards: ${r.unfound.join(", ")}.${again}`) : null;
    const warned = warnings.length ? h("ul", { class: "tt-check-list", id: "tt-report-warnings" }, ...warnings.map((w) => h("li", {}, warningWords(w)))) : null;
    this.report.replaceChildren(h("div", { class: "tt-report-body" }, ...[found, warned].filter((x): x is NonNullable<typeof x> => x !== null)), dismiss);
    this.report.classList.toggle("tt-report-warn", !all || warnings.length > 0);
    this.report.hidden = false;
  }
}
