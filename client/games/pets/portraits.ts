// One look for every Auto Pets card on every screen: its portrait, a drawing shipped with the
// hub (portraitData.ts, made by scripts/petPortraits.ts), never a character of the player's
// emoji font. The same layers are painted on the Pixi tables' canvases (the shop's card faces,
// the battle's cards) with Path2D and put in the pages (the replay's cards, the log, the score
// chips) as inline SVG.
import { PORTRAIT_BOX, PORTRAITS } from "./portraitData";

const SVG = "http://www.w3.org/2000/svg";
/** A card without a portrait of its own (none should be: test/common/pets.portraits.test.ts). */
const UNKNOWN: readonly (readonly [string, string])[] = [["#9aa3b2", "M16 3a13 13 0 1 0 0 26a13 13 0 1 0 0-26z"], ["#fff", "M12 12a4 4 0 1 1 6 3.5c-1.2.7-2 1.5-2 3v1h-2v-1c0-2.3 1.2-3.6 2.6-4.4A2 2 0 1 0 14 12zm2 10h2v2h-2z"]];

const layersOf = (key: string) => PORTRAITS[key] ?? UNKNOWN;

/** Where portraits were painted, by surface (the browser tests read it: every screen draws them). */
const painted: Record<string, number> = {};
(window as unknown as { __petsPortraits?: { painted(): Record<string, number> } }).__petsPortraits = { painted: () => ({ ...painted }) };

const paths = new Map<string, Path2D[]>();

/** Paints `key`'s portrait `size` wide, centred on (cx, cy); `surface` names the screen (table, battle). */
export function paintPortrait(g: CanvasRenderingContext2D, key: string, cx: number, cy: number, size: number, surface: string): void {
  const layers = layersOf(key);
  let made = paths.get(key);
  if (!made) paths.set(key, (made = layers.map(([, d]) => new Path2D(d))));
  g.save();
  g.translate(cx - size / 2, cy - size / 2);
  g.scale(size / PORTRAIT_BOX, size / PORTRAIT_BOX);
  layers.forEach(([fill], i) => {
    g.fillStyle = fill;
    g.fill(made![i]);
  });
  g.restore();
  painted[surface] = (painted[surface] ?? 0) + 1;
}

/** `key`'s portrait as an inline SVG `size` px wide (`label` names it for screen readers; else it is hidden from them). */
export function portraitSvg(key: string, size: number, label = ""): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${PORTRAIT_BOX} ${PORTRAIT_BOX}`);
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("class", "pets-portrait");
  svg.dataset.portrait = key;
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else svg.setAttribute("aria-hidden", "true");
  for (const [fill, d] of layersOf(key)) {
    const p = document.createElementNS(SVG, "path");
    p.setAttribute("fill", fill);
    p.setAttribute("d", d);
    svg.append(p);
  }
  return svg;
}
