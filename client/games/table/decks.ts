// The deck stage: the decklist box (paste, or pick a file: plain text, MTG Arena / Moxfield,
// MTGO .dek, Cockatrice .cod, XMage .dck, Magic Workstation .mwDeck), what card data the server
// holds (GET /api/cards), a live check of the list against the table's format (every line not
// understood, by number; the format's warnings), the game list (which copies this game plays,
// kept in this browser per deck: gamelist.ts), Import / the standard deck, how many seats have
// chosen, and the import report (cards the card data did not know, the full deck check with the
// card data), said in the deck stage and kept at the table until dismissed. At a practice table
// with a sparring partner, its deck too: pasted or from a file, checked the same way as it is
// written, or its built-in one.
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

type FileRead = { ok: true; text: string; file: string; format: string; errors: { line: number; message: string }[] } | { ok: false; message: string };

/** A picked deck file: bounded; a text file as it is (its line numbers stay), an XML export as the plain list it holds. */
async function readDeckFile(f: File): Promise<FileRead> {
  if (f.size > MAX_DECK_FILE_BYTES) return { ok: false, message: `${f.name} is ${Math.round(f.size / 1024)} KB; a deck file is at most ${MAX_DECK_FILE_BYTES / 1024} KB. Pick the deck export itself, or paste the list.` };
  const raw = await f.text();
  const p = prepareDecklist(raw);
  const text = p.format === "mtgo" || p.format === "cockatrice" ? p.lines.map((l) => l.text).join("\n") : raw;
  if (text.length > MAX_DECKLIST_CHARS) return { ok: false, message: `${f.name} holds ${text.length.toLocaleString("en")} characters of list; a decklist is at most ${MAX_DECKLIST_CHARS.toLocaleString("en")}. Remove the maybeboard or comments and try again.` };
  return { ok: true, text, file: f.name, format: FORMAT_NAMES[p.format], errors: p.errors };
}

const fileInput = (id: string) => h("input", { type: "file", id, accept: ".txt,.dec,.dek,.cod,.dck,.mwDeck,.mwdeck,text/plain,text/xml,application/xml", class: "tt-file" }) as HTMLInputElement;

export class DeckStage {
  readonly el = h("section", { class: "tt-decks", id: "tt-decks" });
  readonly report = h("div", { class: "tt-report", id: "tt-report", hidden: true, role: "status" });
  private readonly text = h("textarea", { id: "tt-decklist", rows: 8, placeholder: "Paste your decklist here: one card a line, its count first (such as 4 Lightning Bolt).", "aria-describedby": "tt-decklist-help tt-check" }) as HTMLTextAreaElement;
  private readonly file = fileInput("tt-deck-file");
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
  private readonly partnerFile = fileInput("tt-sparring-file");
  private readonly partnerFileBtn = h("button", { type: "button", class: "secondary small", id: "tt-sparring-file-btn" }, "Open a deck file for it…");
  private readonly partnerBuiltIn = h("button", { type: "button", class: "secondary small", id: "tt-sparring-builtin" }, "Use its built-in deck");
  /** The partner's list checked as it is written: lines not understood (by number), its size. */
  private readonly partnerCheck = h("div", { class: "tt-check", id: "tt-sparring-check", "aria-live": "polite" });
  private readonly partner = h(
    "div",
    { class: "tt-sparring", id: "tt-sparring", hidden: true },
    h("label", { for: "tt-sparring-list", class: "tt-label-line" }, "Sparring partner's deck"),
    this.partnerText,
    h("div", { class: "notice-actions" }, this.partnerFileBtn, this.partnerBuiltIn),
    this.partnerFile,
    this.partnerCheck,
    h("p", { class: "tt-hint", id: "tt-sparring-help" }, "Paste a decklist or open a deck file (the same formats as yours); empty, it plays its built-in deck of lands and creatures. The table plays this seat itself: on its turn it plays a land and what its lands pay for, then passes. It never attacks or blocks; move its cards as you like."),
  );
  private partnerTimer = 0;
  private reportSeen = "";
  private checked = false;
  private timer = 0;

  constructor(private readonly host: DeckHost) {
    this.chooser = new GameListChooser(() => this.drawCheck());
    this.importBtn.addEventListener("click", () => {
      if (!this.text.value.trim()) return this.refused("The decklist is empty: paste your list (one card a line, such as 4 Lightning Bolt) or open a deck file, then Import. For playing cards, choose “Use the standard 52-card deck”.");
      const text = this.textToSend();
      if (text === null || !this.sendPartner()) return;
      for (const m of deckMessages(text)) host.send(m);
    });
    this.standardBtn.addEventListener("click", () => this.sendPartner() && host.send({ text: "" }));
    this.fileBtn.addEventListener("click", () => this.file.click());
    this.partnerFileBtn.addEventListener("click", () => this.partnerFile.click());
    this.partnerFile.addEventListener("change", () => void this.readPartnerFile());
    this.partnerBuiltIn.addEventListener("click", () => {
      this.partnerText.value = "";
      this.drawPartnerCheck();
    });
    this.partnerText.addEventListener("input", () => {
      clearTimeout(this.partnerTimer);
      this.partnerTimer = window.setTimeout(() => this.drawPartnerCheck(), 250);
    });
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
    if (text.length > MAX_DECKLIST_CHARS) {
      this.refused(`The sparring partner's decklist is ${text.length.toLocaleString("en")} characters; a decklist is at most ${MAX_DECKLIST_CHARS.toLocaleString("en")}. Shorten it, or empty it for the built-in deck.`);
      return false;
    }
    const r = parseDecklist(text);
    if (!r.ok) {
      this.refused(`The sparring partner's deck has ${r.errors.length} line${r.errors.length === 1 ? "" : "s"} not understood (${r.errors.slice(0, 3).map((e) => e.message).join("; ")}). Fix ${r.errors.length === 1 ? "it" : "them"}, or empty its list for the built-in deck.`);
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

  /** A picked file for the player's own deck. */
  private async readFile(): Promise<void> {
    const f = this.file.files?.[0];
    this.file.value = "";
    if (!f) return;
    const r = await readDeckFile(f);
    if (!r.ok) return void this.check.replaceChildren(h("p", { class: "tt-check-bad" }, r.message));
    this.text.value = r.text;
    this.refusal.hidden = true;
    this.drawCheck(r);
  }

  /** A picked file for the sparring partner's deck. */
  private async readPartnerFile(): Promise<void> {
    const f = this.partnerFile.files?.[0];
    this.partnerFile.value = "";
    if (!f) return;
    const r = await readDeckFile(f);
    if (!r.ok) return void this.partnerCheck.replaceChildren(h("p", { class: "tt-check-bad" }, r.message));
    this.partnerText.value = r.text;
    this.refusal.hidden = true;
    this.drawPartnerCheck(r);
  }

  /** The partner's list as it stands: lines not understood by number, else how many cards it plays. */
  private drawPartnerCheck(from?: { file: string; format: string; errors: { line: number; message: string }[] }): void {
    const raw = this.partnerText.value;
    const out: Node[] = [];
    if (from) out.push(h("p", { class: "tt-hint" }, `Read ${from.file} as ${from.format}.`));
    if (!raw.trim()) {
      out.push(h("p", { id: "tt-sparring-size" }, "It plays its built-in deck: 24 basic lands, creatures of mana value 1 to 5 and a few spells."));
      return void this.partnerCheck.replaceChildren(...out);
    }
    const r = parseDecklist(raw);
    const errors = [...(from?.errors ?? []).map((e) => ({ ...e, message: `${from!.file}, ${e.message}` })), ...(r.ok ? [] : r.errors)];
    if (errors.length)
      out.push(
        h("p", { class: "tt-check-bad" }, `${errors.length} line${errors.length === 1 ? " was" : "s were"} not understood in its list:`),
        h("ul", { class: "tt-check-list", id: "tt-sparring-errors" }, ...errors.slice(0, SHOWN_ERRORS).map((e) => h("li", {}, e.message.replace(/^line/, "Line")))),
        ...(errors.length > SHOWN_ERRORS ? [h("p", { class: "tt-hint" }, `…and ${errors.length - SHOWN_ERRORS} more.`)] : []),
      );
    if (r.ok) {
      const n = r.deck.main.reduce((k, e) => k + e.count, 0) + r.deck.commander.reduce((k, e) => k + e.count, 0);
      out.push(h("p", { id: "tt-sparring-size" }, `It plays this deck: ${n} card${n === 1 ? "" : "s"}.`));
    }
    if (raw.length > MAX_DECKLIST_CHARS) out.push(h("p", { class: "tt-check-bad" }, `The list is ${raw.length.toLocaleString("en")} characters; a decklist is at most ${MAX_DECKLIST_CHARS.toLocaleString("en")}.`));
    this.partnerCheck.replaceChildren(...out);
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
    const partnerWas = this.partner.hidden;
    this.partner.hidden = !view?.sparring;
    if (partnerWas && !this.partner.hidden) this.drawPartnerCheck();
    if (view && view.stage === "decks") {
      const mine = me >= 0 && view.decks[me];
      for (const b of [this.importBtn, this.standardBtn, this.fileBtn, this.listBtn, this.partnerFileBtn, this.partnerBuiltIn]) b.toggleAttribute("disabled", !!mine || me < 0);
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
