// One battlefield drawn from a view (the live table and the replay share it): cards at their
// positions, attachments tucked behind their host with their name strip showing, and the
// arrows of the table as an SVG layer over every board.
//
// Positions 0..10000 map onto the field minus the card (turned or not, and minus the
// attachments' offset), so a card is never cut at the edge.
import type { Arrow } from "../../../common/table/types";
import type { CardView } from "../../../common/table/visibility";

/** How far each attachment peeks out above its host (px). */
export const ATTACH_STEP = 24;

/** Attachment chains: host id → the cards attached to it on this field, deepest last. */
function attachmentsOf(cards: readonly CardView[]): Map<number, CardView[]> {
  const here = new Map(cards.map((c) => [c.id, c]));
  const out = new Map<number, CardView[]>();
  // The top host of a card (a chain of attachments on this field ends at a card attached to nothing here).
  const root = (c: CardView): CardView => {
    let h = c;
    for (let k = 0; k < 50 && h.attachedTo !== undefined && here.has(h.attachedTo); k++) h = here.get(h.attachedTo)!;
    return h;
  };
  for (const c of cards) {
    const r = root(c);
    if (r === c) continue;
    if (!out.has(r.id)) out.set(r.id, []);
    out.get(r.id)!.push(c);
  }
  return out;
}

/**
 * Lays `cards` out on `field` (position: relative). `make` draws one card; `hostName` names a
 * host on another battlefield (an aura on an opponent's creature), shown as a tag on the card.
 */
export function fillField(field: HTMLElement, cards: readonly CardView[], make: (c: CardView) => HTMLElement, hostName: (id: number) => string | null): void {
  const attached = attachmentsOf(cards);
  const placed = new Set<number>();
  for (const list of attached.values()) for (const c of list) placed.add(c.id);
  const els: HTMLElement[] = [];
  for (const host of cards) {
    if (placed.has(host.id)) continue;
    const under = attached.get(host.id) ?? [];
    const pos = host.pos ?? { x: 0, y: 0 };
    const drop = under.length * ATTACH_STEP;
    // Inset by half the card's height less its width: a tapped (turned) card stays inside too.
    const left = `calc((var(--card-h) - var(--card-w)) / 2 + (100% - var(--card-h)) * ${pos.x / 10000})`;
    const top = (k: number) => `calc((100% - var(--card-h) - ${drop}px) * ${pos.y / 10000} + ${k * ATTACH_STEP}px)`;
    // Attachments behind, each a step lower, the host last and lowest: every name strip shows.
    under.forEach((c, k) => {
      const el = make(c);
      el.style.left = left;
      el.style.top = top(k);
      el.style.zIndex = String(host.z * 10 + k + 1);
      el.classList.add("tt-attached");
      el.dataset.attachedTo = String(c.attachedTo);
      els.push(el);
    });
    const el = make(host);
    el.style.left = left;
    el.style.top = top(under.length);
    el.style.zIndex = String(host.z * 10 + under.length + 1);
    if (under.length) el.dataset.hosts = under.map((c) => c.id).join(" ");
    if (host.attachedTo !== undefined) {
      // Its host is on another battlefield: say which.
      el.classList.add("tt-attached");
      el.dataset.attachedTo = String(host.attachedTo);
      const name = hostName(host.attachedTo);
      el.append(Object.assign(document.createElement("div"), { className: "tt-on", textContent: `on ${name ?? "a card"}` }));
    }
    els.push(el);
  }
  field.replaceChildren(...els);
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * Draws the table's arrows over `boards` (position: relative) between the cards' centres, or to
 * a player's header. An end that is not on screen (a phone shows one board) is left out.
 */
export function drawArrows(boards: HTMLElement, arrows: readonly Arrow[]): void {
  boards.querySelector(":scope > .tt-arrows")?.remove();
  if (!arrows.length) return;
  const box = boards.getBoundingClientRect();
  const centre = (el: Element | null) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    return { x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2 };
  };
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "tt-arrows");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("width", String(box.width));
  svg.setAttribute("height", String(box.height));
  const defs = document.createElementNS(SVG, "defs");
  const marker = document.createElementNS(SVG, "marker");
  for (const [k, v] of Object.entries({ id: "tt-head", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "6", markerHeight: "6", orient: "auto-start-reverse" })) marker.setAttribute(k, v);
  const head = document.createElementNS(SVG, "path");
  head.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
  marker.append(head);
  defs.append(marker);
  svg.append(defs);
  let n = 0;
  for (const a of arrows) {
    const from = centre(boards.querySelector(`.tt-field [data-card="${a.from}"]`));
    const to = "card" in a.to ? centre(boards.querySelector(`.tt-field [data-card="${a.to.card}"]`)) : centre(boards.querySelector(`.tt-board[data-seat="${a.to.player}"] .tt-player strong`));
    if (!from || !to) continue;
    const line = document.createElementNS(SVG, "line");
    for (const [k, v] of Object.entries({ x1: from.x, y1: from.y, x2: to.x, y2: to.y })) line.setAttribute(k, String(Math.round(v)));
    line.setAttribute("marker-end", "url(#tt-head)");
    line.dataset.from = String(a.from);
    svg.append(line);
    n++;
  }
  if (n) boards.append(svg);
}
