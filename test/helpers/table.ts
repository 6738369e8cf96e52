// The card table's canvas in the browser tests: where the scene drew each card, field, pile
// and the hand strip (window.__hub's `canvas`, viewport CSS px), and real mouse and touch
// gestures at those places (touch through CDP: touchStart / touchMove / touchEnd).
import type { CDPSession, Page } from "playwright-core";
import { gamePage, hub, waitHub } from "./e2e.js";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface CardBox extends Box {
  id: number;
  zone: string;
  seat: number;
  name: string | null;
  /** The name of the face up now (a transformed card's back). */
  shows?: string | null;
  cost?: string | null;
  /** Drawn with the card's picture (card data with CARD_IMAGES on), else its drawn frame. */
  picture?: boolean;
  tapped: boolean;
}
export interface CanvasShot {
  cards: CardBox[];
  fields: (Box & { seat: number })[];
  piles: (Box & { seat: number; zone: string })[];
  handStrip: Box | null;
  drawn: string[];
  arrowsDrawn: number;
  /** Display objects the canvas made so far and keeps now. */
  objects?: { made: number; kept: number };
  pictures?: { loaded: number; failed: number };
}

export const centre = (b: Box) => ({ x: Math.round(b.x + b.w / 2), y: Math.round(b.y + b.h / 2) });

export async function canvasOf(page: Page): Promise<CanvasShot | null> {
  return ((await hub(page)).canvas as CanvasShot | null) ?? null;
}

/** Scrolls the whole canvas into view (a phone's page is taller than its screen); a no-op when it shows. */
export async function showTable(page: Page): Promise<void> {
  await page.evaluate(() => {
    const t = document.querySelector("#tt-table");
    const r = t?.getBoundingClientRect();
    if (t && r && (r.top < 0 || r.bottom > window.innerHeight)) t.scrollIntoView({ block: "end" });
  });
}

/** Waits until the canvas shows a card that `test` accepts; its box (in view). */
export async function cardBox(page: Page, test: (c: CardBox) => boolean, what: string): Promise<CardBox> {
  await showTable(page);
  const s = await waitHub(page, (x) => !!(x.canvas as CanvasShot | null)?.cards.some(test), what, 20_000);
  return (s.canvas as CanvasShot).cards.find(test)!;
}

/** A point of the first hand card that no other card covers (the fan overlaps to the right). */
export async function firstHandCard(page: Page): Promise<{ x: number; y: number; id: number }> {
  const c = await cardBox(page, (x) => x.zone === "hand", "a card in the hand");
  return { x: c.x + 12, y: Math.round(c.y + c.h / 2), id: c.id };
}

export async function battlefieldCard(page: Page, id: number): Promise<{ x: number; y: number }> {
  return centre(await cardBox(page, (c) => c.zone === "battlefield" && c.id === id, `card ${id} on a battlefield`));
}

export async function fieldOf(page: Page, seat: number): Promise<Box> {
  await showTable(page);
  const s = await waitHub(page, (x) => !!(x.canvas as CanvasShot | null)?.fields.some((f) => f.seat === seat), `seat ${seat}'s battlefield`);
  return (s.canvas as CanvasShot).fields.find((f) => f.seat === seat)!;
}

export async function pileOf(page: Page, seat: number, zone: string): Promise<Box> {
  await showTable(page);
  const s = await waitHub(page, (x) => !!(x.canvas as CanvasShot | null)?.piles.some((p) => p.seat === seat && p.zone === zone), `seat ${seat}'s ${zone}`);
  return (s.canvas as CanvasShot).piles.find((p) => p.seat === seat && p.zone === zone)!;
}

/** A mouse drag in small steps (the table starts a drag after a few pixels). */
export async function mouseDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 4, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

export async function touchTap(cdp: CDPSession, at: { x: number; y: number }): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: at.x, y: at.y, id: 1 }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

export async function touchDoubleTap(page: Page, cdp: CDPSession, at: { x: number; y: number }): Promise<void> {
  await touchTap(cdp, at);
  await page.waitForTimeout(80);
  await touchTap(cdp, at);
}

export async function longPress(page: Page, cdp: CDPSession, at: { x: number; y: number }, ms = 700): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: at.x, y: at.y, id: 1 }] });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** A finger drag: down, moves in steps, up. */
export async function touchDrag(page: Page, cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
  for (let k = 1; k <= 10; k++) {
    const x = Math.round(from.x + ((to.x - from.x) * k) / 10);
    const y = Math.round(from.y + ((to.y - from.y) * k) / 10);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y, id: 1 }] });
    await page.waitForTimeout(16);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/**
 * What a player would find wrong with the table now (empty: nothing): the page scrolling
 * sideways, `boards` battlefields not shown, a card cut at its field's edge, tools or tabs off
 * the screen or over each other, and — with the tools scrolled to the top — the hand strip or
 * Undo out of view, or the hand over Undo.
 */
export async function tableProblems(page: Page, boards: number): Promise<string[]> {
  return page.evaluate(async (boards) => {
    const out: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    document.querySelector("#tt-tools")?.scrollIntoView({ block: "start" });
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    type B = { x: number; y: number; w: number; h: number };
    const c = (window.__hub.state() as { canvas?: { cards: (B & { zone: string; seat: number; name: string | null })[]; fields: (B & { seat: number })[]; handStrip: B | null } }).canvas;
    if (!c) return ["no canvas"];
    if (c.fields.length !== boards) out.push(`${c.fields.length} battlefields shown at once`);
    for (const f of c.fields) {
      if (f.x < -1 || f.x + f.w > vw + 1) out.push(`seat ${f.seat}'s battlefield runs off the screen`);
      for (const k of c.cards.filter((x) => x.zone === "battlefield" && x.seat === f.seat))
        if (k.x < f.x - 1 || k.x + k.w > f.x + f.w + 1 || k.y < f.y - 1 || k.y + k.h > f.y + f.h + 1) out.push(`${k.name ?? "a card"} is cut at the field's edge`);
    }
    const boxes = [...document.querySelectorAll<HTMLElement>("#tt-tools > *, #tt-tabs > *")].map((e) => ({ what: e.id || e.textContent || e.tagName, r: e.getBoundingClientRect() })).filter((b) => b.r.width > 0);
    for (const b of boxes) if (b.r.right > vw + 1 || b.r.left < -1) out.push(`${b.what} runs off the screen`);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i].r, boxes[j].r];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push(`${boxes[i].what} overlaps ${boxes[j].what}`);
      }
    const undo = document.querySelector("#tt-undo")?.getBoundingClientRect();
    const hand = c.handStrip;
    if (hand && (hand.y < 0 || hand.y + hand.h > vh + 1)) out.push(`the hand is not in view with the tools (${Math.round(hand.y)}..${Math.round(hand.y + hand.h)} of ${vh})`);
    if (undo && (undo.top < 0 || undo.bottom > vh + 1)) out.push("Undo is not in view with the hand");
    if (hand && undo && undo.left < hand.x + hand.w && hand.x < undo.right && undo.top < hand.y + hand.h && hand.y < undo.bottom) out.push("the hand covers Undo");
    return out;
  }, boards);
}

/**
 * A table tool by its id (`scry`, `shuffle`, `search`…): its button where the row shows it, else
 * (a phone: one row of common tools) from the More menu.
 */
export async function tool(page: Page, id: string): Promise<void> {
  if (await page.locator(`#tt-tools #tt-${id}`).isVisible()) return page.click(`#tt-tools #tt-${id}`);
  await page.click("#tt-more");
  await page.click(`#tt-menu button[data-do="${id}"]`);
}

/** A goldfish table from the game's page: `name`, `deck` pasted at the deck stage, seven kept. */
export async function soloTable(page: Page, name: string, deck: string): Promise<void> {
  const at = (test: (s: { stage?: string; phaseOfTable?: string }) => boolean, what: string) => waitHub(page, (s) => test(s as { stage?: string; phaseOfTable?: string }), what);
  await gamePage(page, "table"); // the forms are on the game's own page
  await page.waitForSelector("#table-solo-btn");
  await page.fill("input[name=name]", name);
  await page.click("#table-solo-btn");
  await at((s) => s.stage === "decks", "the deck stage");
  await page.fill("#tt-decklist", deck);
  await page.click("#tt-import");
  await at((s) => s.phaseOfTable === "mulligan", "the deal");
  await page.click("#tt-keep");
  await at((s) => s.phaseOfTable === "playing", "kept");
}
