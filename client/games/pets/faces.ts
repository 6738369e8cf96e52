// Auto Pets card art for the Pixi table: each card face (name, tier, suit colour and icon,
// power, the ability's text) is painted ONCE per card and size on a 2D canvas and turned
// into a texture that every sprite showing that card shares. The animal is its portrait
// (portraits.ts), the same drawing as in the battles, the replays and the log.
import { Texture } from "pixi.js";
import { cardDef, isCardKey, type Suit } from "../../../common/pets/index";
import { paintPortrait } from "./portraits";

/** Paint at twice the CSS size: sharp on high-DPI phones. */
const RASTER = 2;
const FONT = '"DejaVu Sans", "Liberation Sans", system-ui, sans-serif';

export const SUIT_COLOUR: Record<Suit, string> = { field: "#c28a12", forest: "#2e7d32", water: "#1e6fd0", sky: "#7e57c2" };
const FOOD_COLOUR = "#5f8f4c";
const TOKEN_COLOUR = "#8a7a5a";

/** Lines of `text` that fit `width` (at most `max`; the last one ends in "…" when cut). */
function wrap(g: CanvasRenderingContext2D, text: string, width: number, max: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (g.measureText(next).width <= width || !line) line = next;
    else {
      lines.push(line);
      line = words[i];
      if (lines.length === max) {
        let last = lines[max - 1];
        while (last.length > 1 && g.measureText(`${last}…`).width > width) last = last.slice(0, -1);
        lines[max - 1] = `${last}…`;
        return lines;
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A suit's icon as a small shape (drawn, so it shows on every system). */
function suitIcon(g: CanvasRenderingContext2D, suit: Suit, x: number, y: number, r: number): void {
  g.fillStyle = SUIT_COLOUR[suit];
  g.beginPath();
  if (suit === "forest") {
    g.moveTo(x, y - r);
    g.lineTo(x + r * 0.85, y + r * 0.7);
    g.lineTo(x - r * 0.85, y + r * 0.7);
  } else if (suit === "water") {
    g.moveTo(x, y - r);
    g.quadraticCurveTo(x + r, y + 0.1 * r, x + 0.7 * r, y + 0.6 * r);
    g.arc(x, y + 0.35 * r, 0.72 * r, 0.35, Math.PI - 0.35);
    g.quadraticCurveTo(x - r, y + 0.1 * r, x, y - r);
  } else if (suit === "sky") {
    g.arc(x - 0.45 * r, y + 0.2 * r, 0.5 * r, 0, Math.PI * 2);
    g.arc(x + 0.15 * r, y - 0.15 * r, 0.62 * r, 0, Math.PI * 2);
    g.arc(x + 0.6 * r, y + 0.25 * r, 0.45 * r, 0, Math.PI * 2);
  } else {
    // field: an ear of wheat (three grains on a stalk)
    for (const dy of [-0.6, -0.05, 0.5]) g.ellipse(x, y + dy * r, 0.32 * r, 0.3 * r, 0, 0, Math.PI * 2);
    g.rect(x - 0.07 * r, y - 0.4 * r, 0.14 * r, 1.4 * r);
  }
  g.fill();
}

/** Faces painted with their ability text cut short (tests read it: it must never happen). */
const cutFaces = new Set<string>();

function paint(key: string, w: number, h: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(w * RASTER);
  canvas.height = Math.round(h * RASTER);
  const g = canvas.getContext("2d")!;
  g.scale(RASTER, RASTER);
  const s = w / 100;
  const c = isCardKey(key) ? cardDef(key) : null;
  const food = c?.kind === "food";
  const edge = c?.suit ? SUIT_COLOUR[c.suit] : food ? FOOD_COLOUR : TOKEN_COLOUR;
  // the frame
  g.fillStyle = food ? "#eefbe9" : c && c.tier === 0 ? "#f1eefa" : "#fff8e7";
  g.strokeStyle = edge;
  g.lineWidth = 3 * s;
  g.beginPath();
  g.roundRect(1.5 * s, 1.5 * s, w - 3 * s, h - 3 * s, 10 * s);
  g.fill();
  g.stroke();
  // the suit band
  g.fillStyle = edge;
  g.globalAlpha = 0.14;
  g.fillRect(3 * s, 3 * s, w - 6 * s, 18 * s);
  g.globalAlpha = 1;
  g.textBaseline = "middle";
  if (c?.suit) {
    suitIcon(g, c.suit, 13 * s, 12 * s, 8 * s);
    g.fillStyle = SUIT_COLOUR[c.suit];
    g.font = `bold ${10 * s}px ${FONT}`;
    g.textAlign = "left";
    g.fillText(c.suit[0].toUpperCase() + c.suit.slice(1), 24 * s, 12.5 * s);
  }
  g.fillStyle = "#3b3426";
  g.font = `bold ${10 * s}px ${FONT}`;
  g.textAlign = "right";
  g.fillText(!c ? "" : c.tier ? (c.kind === "pet" ? `T${c.tier}` : `Food T${c.tier}`) : food ? "Food" : "Token", w - 7 * s, 12.5 * s);
  // the ability in full: three lines under a big animal, or (a long ability) up to five
  // under a smaller one, so a card's text is never cut (the tooltip repeats it)
  const text = c?.text ?? "";
  g.font = `${9.5 * s}px ${FONT}`;
  let lines = wrap(g, text, w - 12 * s, 3);
  const long = lines.length === 3 && lines[2].endsWith("…");
  const look = long ? { animal: 21, at: 31, name: 51, text: 8.8, first: 64, step: 10.2 } : { animal: 30, at: 40, name: 67, text: 9.5, first: 82, step: 11 };
  if (long) {
    g.font = `${look.text * s}px ${FONT}`;
    lines = wrap(g, text, w - 10 * s, 5);
  }
  // the animal (or food)
  g.textAlign = "center";
  paintPortrait(g, key, w / 2, look.at * s, look.animal * 1.2 * s, "table");
  // the name, shrunk to fit
  g.fillStyle = "#1b1f27";
  let size = 13 * s;
  g.font = `bold ${size}px ${FONT}`;
  while (size > 8 * s && g.measureText(c?.name ?? key).width > w - 10 * s) g.font = `bold ${(size -= 0.5 * s)}px ${FONT}`;
  g.fillText(c?.name ?? key, w / 2, look.name * s);
  g.fillStyle = "#4a4336";
  g.font = `${look.text * s}px ${FONT}`;
  lines.forEach((line, i) => g.fillText(line, w / 2, (look.first + i * look.step) * s));
  if (lines.length && lines[lines.length - 1].endsWith("…") && !text.endsWith("…")) cutFaces.add(`${key}@${w}x${h}`);
  // power
  if (c && c.kind === "pet") {
    g.fillStyle = "#d8392f";
    g.beginPath();
    g.arc(w - 14 * s, h - 14 * s, 11 * s, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#fff";
    g.font = `bold ${13 * s}px ${FONT}`;
    g.fillText(String(c.power), w - 14 * s, h - 13.5 * s);
  }
  return canvas;
}

/** Face textures by card and size, made on first use, destroyed with the table. */
export class CardFaces {
  private made = new Map<string, Texture>();

  get(key: string, w: number, h: number): Texture {
    const id = `${key}@${w}x${h}`;
    let t = this.made.get(id);
    if (!t) {
      t = Texture.from(paint(key, w, h));
      t.source.label = `pets ${id}`;
      this.made.set(id, t);
    }
    return t;
  }

  /** Was this card's ability text cut on its face at this size? */
  cut(key: string, w: number, h: number): boolean {
    return cutFaces.has(`${key}@${w}x${h}`);
  }

  destroy(): void {
    for (const t of this.made.values()) t.destroy(true);
    this.made.clear();
  }
}
