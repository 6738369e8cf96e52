// The large preview of a card the viewer can see: hover on a desktop, a long press on a phone
// (with the card's menu), P on a focused card by keyboard. A double-faced card shows both faces;
// a picture when the server gives one (a failed one falls back to the drawn face), with what
// the table did to the card (P/T changes, counters, labels) beside it. DOM, so it reads at
// any size and to a screen reader.
import type { CardView } from "../../../common/table/visibility";
import { h } from "../../ui/dom";
import { doubleFaced, faceUp, facesOf, frameColour, isSplit, otherCounters, powerToughness, type FaceWords } from "./faces";
import { costWords, cssColour, manaSymbols } from "./mana";

/** Mana symbols as coloured chips (a hybrid split in two). */
export function manaEl(cost: string): HTMLElement {
  return h(
    "span",
    { class: "tt-mana", "aria-label": costWords(cost) },
    ...manaSymbols(cost).map((s) =>
      s.text === "//"
        ? h("span", { class: "tt-mana-sep", "aria-hidden": "true" }, "//")
        : h("span", { class: "tt-sym", "aria-hidden": "true", style: `background: ${s.fills.length > 1 ? `linear-gradient(135deg, ${cssColour(s.fills[0])} 50%, ${cssColour(s.fills[1])} 50%)` : cssColour(s.fills[0])}` }, s.label),
    ),
  );
}

/** One face drawn in the DOM: the frame in its colour, name and cost, type line, text, P/T. */
export function faceEl(f: FaceWords, pt: string | null, cls = "tt-face"): HTMLElement {
  const col = frameColour(f);
  return h(
    "div",
    { class: cls, style: `--frame: ${col.css}; --panel: ${col.cssPanel}`, "data-face": f.name },
    h("div", { class: "tt-face-title" }, h("span", { class: "tt-face-name" }, f.name), f.cost ? manaEl(f.cost) : null),
    h("div", { class: "tt-face-art", "aria-hidden": "true" }),
    f.type ? h("div", { class: "tt-face-type" }, f.type) : null,
    h("div", { class: "tt-face-text" }, ...f.text.split("\n").map((line) => h("p", {}, line))),
    pt ? h("div", { class: "tt-face-pt" }, pt) : null,
  );
}

/** A face as its picture, falling back to the drawn face when the picture fails. */
function shownFace(f: FaceWords, pt: string | null, picture: string | undefined): HTMLElement {
  const drawn = faceEl(f, pt);
  if (!picture) return drawn;
  const img = h("img", { class: "tt-face-img", src: picture, alt: `${f.name}${f.type ? `, ${f.type}` : ""}${f.text ? `: ${f.text}` : ""}`, crossorigin: "anonymous", decoding: "async" }) as HTMLImageElement;
  img.addEventListener("error", () => img.replaceWith(drawn));
  return img;
}

export class CardPreview {
  readonly el = h("aside", { class: "tt-preview", id: "tt-preview", hidden: true, "aria-live": "polite", "aria-label": "Card preview" });
  /** The card shown now (null: none). */
  shown: number | null = null;

  show(c: CardView, near?: { x: number; y: number; w: number; h: number }): void {
    if (!c.known || !c.card) return this.hide();
    const d = c.card;
    const up = faceUp(c)!;
    const pt = powerToughness(c, up);
    // A double-faced card: both faces, the one up now first; a split or adventure card is one picture.
    const faces = doubleFaced(d) ? facesOf(d) : [up];
    const order = doubleFaced(d) && (c.face ?? 0) === 1 ? [faces[1], faces[0]] : faces;
    const one = !d.faces?.length || d.layout === "flip" || isSplit(d) || d.layout === "adventure";
    const pics = order.map((f, i) => (one ? (i === 0 ? d.image : undefined) : f.image));
    const split = isSplit(d) && !d.image ? facesOf(d) : null;
    const table = [
      pt && pt.change !== 0 ? `Now ${pt.text}` : "",
      ...otherCounters(c, up).map(([k, n]) => `${k} ×${n}`),
      ...(c.labels ?? []),
      ...(c.keywords ?? []),
      c.token ? "Token" : "",
      c.tapped ? "Tapped" : "",
      c.faceDown ? "Face down" : "",
    ].filter(Boolean);
    const parts: (HTMLElement | null)[] = [
      h(
        "div",
        { class: `tt-preview-faces${order.length > 1 ? " tt-two" : ""}` },
        ...(split ? [h("div", { class: "tt-split" }, ...split.map((f) => faceEl(f, null, "tt-face tt-half")))] : order.map((f, i) => shownFace(f, i === 0 && pt ? pt.text : f.power !== undefined ? `${f.power}/${f.toughness}` : f.loyalty !== undefined ? String(f.loyalty) : null, pics[i]))),
      ),
      table.length ? h("p", { class: "tt-preview-state" }, table.join(" · ")) : null,
      d.set ? h("p", { class: "tt-preview-set" }, `${d.set}${d.number ? ` ${d.number}` : ""}`) : null,
    ];
    this.el.replaceChildren(...parts.filter((x): x is HTMLElement => x !== null));
    this.el.dataset.card = String(c.id);
    this.el.hidden = false;
    this.shown = c.id;
    this.place(near);
  }

  /** Beside the card on a wide screen (never over it); at the top on a phone. */
  private place(near?: { x: number; y: number; w: number; h: number }): void {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const r = this.el.getBoundingClientRect();
    const w = r.width || 300;
    const ht = r.height || 420;
    let x = (vw - w) / 2;
    let y = 8;
    if (near && vw >= 700) {
      x = near.x + near.w + 12 + w <= vw ? near.x + near.w + 12 : Math.max(4, near.x - w - 12);
      y = Math.max(4, Math.min(vh - ht - 4, near.y + near.h / 2 - ht / 2));
    }
    Object.assign(this.el.style, { left: `${Math.round(x)}px`, top: `${Math.round(y)}px` });
  }

  hide(): void {
    if (this.el.hidden) return;
    this.el.hidden = true;
    this.shown = null;
  }
}

/** The label a stand-in or a menu title reads for a card: its face name, cost and type. */
export function describeCard(c: CardView): string {
  const f = faceUp(c);
  if (!f) return "A face-down card";
  return [f.name, f.cost ? costWords(f.cost) : "", f.type].filter(Boolean).join(", ");
}
