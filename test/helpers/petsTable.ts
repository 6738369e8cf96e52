// Driving Auto Pets' Pixi card table from a browser test: the scene's snapshot lists every
// card on the canvas with its viewport rectangle (`cards`), and these helpers press there
// with real input — page.mouse on desktop, CDP touch events on a phone — never by calling
// the scene. DOM controls (Pass, Sell, Ready to battle…) are pressed the same way.
import type { CDPSession, Page } from "playwright-core";
import { hub, type HubSnapshot } from "./e2e.js";

export type TableZone = "pick" | "shop" | "hand" | "order";
export interface TableCard {
  zone: TableZone;
  index: number;
  key: string;
  active: boolean;
  /** its ability text was cut short on its face (never should be) */
  cut?: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export type PetsSnap = HubSnapshot & {
  game?: string; seat?: number; phase?: string; stage?: string; round?: number; gameNo?: number; turn?: number; result?: string; winners?: number[];
  battles?: number; animating?: boolean; gold?: number; passed?: boolean; arranged?: boolean; hand?: string[]; order?: string[]; picks?: string[]; trophies?: number[];
  replayId?: number; cards?: TableCard[]; marker?: { at: number; x: number; y: number; w: number; h: number } | null; dragging?: boolean; held?: number | null; tip?: string; drawn?: { made: number; kept: number };
};

export const pets = async (page: Page) => (await hub(page)) as PetsSnap;

/** A card's viewport rectangle after scrolling it into view, or null when it is not on the table. */
export async function cardRect(page: Page, zone: TableZone, index: number): Promise<TableCard | null> {
  await page.evaluate(([z, i]) => document.querySelector(`.pets-key[data-zone="${z}"][data-index="${i}"]`)?.scrollIntoView({ block: "center" }), [zone, index] as const);
  return (await pets(page)).cards?.find((c) => c.zone === zone && c.index === index) ?? null;
}

/** Whether the table's canvas is what a finger at (x, y) would touch (nothing on top of it). */
async function canvasAt(page: Page, x: number, y: number): Promise<boolean> {
  return page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.classList.contains("pets-canvas") ?? false, [x, y] as const);
}

export interface TableInput {
  /** A DOM control. */
  tap(selector: string): Promise<void>;
  /** A card on the canvas; false when it is not there (the table changed since). */
  tapCard(zone: TableZone, index: number): Promise<boolean>;
  /** Drags order card `from` so it lands before card `to` (to = the count: last); `mid` runs with the card held over the target. */
  drag(from: number, to: number, mid?: () => Promise<void>): Promise<void>;
}

/** Where a drag to insertion index `to` lets go: the left edge of card `to`, or the right edge of the last card. */
async function dragEnds(page: Page, from: number, to: number) {
  const a = (await cardRect(page, "order", from))!;
  const n = (await pets(page)).cards!.filter((c) => c.zone === "order").length;
  const b = (await pets(page)).cards!.find((c) => c.zone === "order" && c.index === Math.min(to, n - 1))!;
  const end = to >= n ? { x: b.x + b.w - 6, y: b.y + b.h / 2 } : { x: b.x + 6, y: b.y + b.h / 2 };
  return { start: { x: a.x + a.w / 2, y: a.y + a.h / 2 }, end };
}

export function mouseTable(page: Page): TableInput {
  return {
    tap: (sel) => page.click(sel),
    async tapCard(zone, index) {
      const r = await cardRect(page, zone, index);
      if (!r || !(await canvasAt(page, r.x + r.w / 2, r.y + r.h / 2))) return false;
      await page.mouse.click(r.x + r.w / 2, r.y + r.h / 2);
      return true;
    },
    async drag(from, to, mid) {
      const { start, end } = await dragEnds(page, from, to);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + 20, start.y, { steps: 4 });
      await page.mouse.move(end.x, end.y, { steps: 10 });
      await mid?.();
      await page.mouse.up();
    },
  };
}

export function touchTable(page: Page, cdp: CDPSession): TableInput {
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x?: number, y?: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: x!, y: y!, id: 1 }] });
  const tapAt = async (x: number, y: number) => {
    await touch("touchStart", x, y);
    await page.waitForTimeout(40);
    await touch("touchEnd");
  };
  return {
    async tap(sel) {
      await page.locator(sel).scrollIntoViewIfNeeded();
      const r = (await page.locator(sel).boundingBox())!;
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      // A touch lands on whatever is on top there: if the table changed since the snapshot
      // (the end screen came up over it), this tap is not made (as a person would not).
      const onTop = await page.evaluate(([px, py, s]) => {
        const hit = document.elementFromPoint(px as number, py as number);
        const target = document.querySelector(s as string);
        return !!hit && !!target && (target === hit || target.contains(hit));
      }, [x, y, sel] as const);
      if (onTop) await tapAt(x, y);
    },
    async tapCard(zone, index) {
      const r = await cardRect(page, zone, index);
      if (!r || !(await canvasAt(page, r.x + r.w / 2, r.y + r.h / 2))) return false;
      await tapAt(r.x + r.w / 2, r.y + r.h / 2);
      return true;
    },
    async drag(from, to, mid) {
      const { start, end } = await dragEnds(page, from, to);
      await touch("touchStart", start.x, start.y);
      for (let i = 1; i <= 12; i++) {
        await touch("touchMove", start.x + ((end.x - start.x) * i) / 12, start.y + ((end.y - start.y) * i) / 12);
        await page.waitForTimeout(16);
      }
      await mid?.();
      await touch("touchEnd");
    },
  };
}
