// The deck stage: the decklist box (which lists it reads, with examples), what card data the
// server holds (GET /api/cards), Import / the standard deck, how many seats have chosen, and the
// import report (which cards the card data did not know), said in the deck stage and kept at
// the table until dismissed.
import { deckMessages, type TableGameView } from "../../../common/table/game";
import { h } from "../../ui/dom";

export interface DeckHost {
  /** Sends a deck message (a piece of the list, or "" for the standard deck). */
  send(m: { text: string; at?: number; more?: true }): void;
}

export class DeckStage {
  readonly el = h("section", { class: "tt-decks", id: "tt-decks" });
  readonly report = h("div", { class: "tt-report", id: "tt-report", hidden: true, role: "status" });
  private readonly text = h("textarea", { id: "tt-decklist", rows: 8, placeholder: "4 Lightning Bolt (M10) 146\n1 Delver of Secrets // Insectile Aberration\n20 Mountain\n\nSideboard\n2 Duress", "aria-describedby": "tt-decklist-help" }) as HTMLTextAreaElement;
  private readonly importBtn = h("button", { type: "button", class: "primary", id: "tt-import" }, "Import decklist");
  private readonly standardBtn = h("button", { type: "button", class: "secondary", id: "tt-standard" }, "Use the standard 52-card deck");
  private readonly status = h("p", { id: "tt-deck-status" });
  private readonly data = h("p", { class: "tt-hint", id: "tt-card-data" });
  private reportSeen = "";

  constructor(host: DeckHost) {
    this.importBtn.addEventListener("click", () => {
      for (const m of deckMessages(this.text.value)) host.send(m);
    });
    this.standardBtn.addEventListener("click", () => host.send({ text: "" }));
    const help = h(
      "p",
      { class: "tt-hint", id: "tt-decklist-help" },
      "Paste a list as Moxfield, Archidekt, MTG Arena or MTGO export it: one card a line with its count, such as ",
      h("code", {}, "4 Lightning Bolt"),
      " or ",
      h("code", {}, "1 Fire // Ice (APC) 128"),
      " (a set code and number pick that printing). Sections: Commander, Companion, Sideboard, Maybeboard, Tokens. Cards the server's card data knows come with their text and picture; others are plain text cards.",
    );
    this.el.append(h("h2", {}, "Choose your deck"), h("label", { for: "tt-decklist", class: "tt-label-line" }, "Decklist"), this.text, help, this.data, h("div", { class: "notice-actions" }, this.importBtn, this.standardBtn), this.status);
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

  draw(view: TableGameView | null, me: number): void {
    this.el.hidden = !view || view.stage !== "decks";
    if (view && view.stage === "decks") {
      const mine = me >= 0 && view.decks[me];
      this.importBtn.toggleAttribute("disabled", !!mine || me < 0);
      this.standardBtn.toggleAttribute("disabled", !!mine || me < 0);
      this.status.textContent = `${view.decks.filter(Boolean).length} of ${view.decks.length} decks chosen.${mine ? " Waiting for the others…" : ""}`;
    }
    this.drawReport(view);
  }

  private drawReport(view: TableGameView | null): void {
    const r = view?.report;
    const key = r ? JSON.stringify(r) : "";
    if (!r || !r.data || key === this.reportSeen) return void (this.report.hidden = true);
    const all = r.found === r.cards;
    const dismiss = h("button", { type: "button", class: "small", id: "tt-report-ok" }, "OK");
    dismiss.addEventListener("click", () => {
      this.reportSeen = key;
      this.report.hidden = true;
    });
    const again = view?.stage === "decks" ? " Check the spelling (the English name, as on the card) and import again, or play them as they are." : "";
    this.report.replaceChildren(
      h("p", {}, all ? `All ${r.cards} cards of your deck were found in the card data.` : `${r.found} of your ${r.cards} cards were found in the card data. Not found, so shown as plain text cards: ${r.unfound.join(", ")}.${again}`),
      dismiss,
    );
    this.report.classList.toggle("tt-report-warn", !all);
    this.report.hidden = false;
  }
}
