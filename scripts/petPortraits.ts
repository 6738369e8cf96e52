// Auto Pets' card portraits, shipped with the hub so that no screen depends on the player's
// emoji font: one drawing per card (and the trophy, gold and shop marks), taken from
// Microsoft's Fluent Emoji Flat (MIT; the `@iconify-json/fluent-emoji-flat` dev dependency)
// and flattened to filled SVG paths on a 32×32 box, which the client paints on its canvases
// (Path2D) and puts in its pages (inline SVG) alike (client/games/pets/portraits.ts).
// `npx tsx scripts/petPortraits.ts` writes client/games/pets/portraitData.ts (committed);
// test/common/pets.portraits.test.ts checks that file is what this script makes.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Each card key (common/pets/cards.ts) and mark, and its Fluent Emoji name: the emoji the hub showed before. */
export const PORTRAIT_SOURCES: Record<string, string> = {
  ant: "ant", cricket: "cricket", duck: "duck", otter: "otter", mosquito: "mosquito", fish: "fish",
  worm: "worm", flamingo: "flamingo", peacock: "peacock", swan: "swan", rat: "rat", spider: "spider",
  dog: "dog", dolphin: "dolphin", giraffe: "giraffe", camel: "two-hump-camel", sheep: "ewe", dodo: "dodo", badger: "badger",
  squirrel: "chipmunk", turtle: "turtle", rooster: "rooster", bison: "bison", blowfish: "blowfish", skunk: "skunk", hippo: "hippopotamus",
  monkey: "monkey", rhino: "rhinoceros", crocodile: "crocodile", scorpion: "scorpion", seal: "seal", shark: "shark", turkey: "turkey",
  gorilla: "gorilla", fly: "fly", leopard: "leopard", mammoth: "mammoth", cat: "cat", snake: "snake", wolverine: "paw-prints",
  honey: "honey-pot", garlic: "garlic", pineapple: "pineapple", chili: "hot-pepper", melon: "melon", apple: "red-apple",
  bee: "honeybee", "zombie-cricket": "person-zombie", "dirty-rat": "mouse", spiderling: "spider-web", ram: "ram", chick: "hatching-chick", "zombie-fly": "fly",
  // marks beside the numbers (score chips)
  trophy: "trophy", gold: "coin", shopping: "shopping-cart",
};

type Layer = [fill: string, d: string];

const attrs = (text: string): Record<string, string> => Object.fromEntries([...text.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const num = (x: string | undefined) => Number(x ?? 0);

/** A fill at an opacity, as one CSS colour (`#rrggbb` + opacity → rgba). */
function withOpacity(fill: string | undefined, opacity: string | undefined): string {
  if (!fill || opacity === undefined) return fill ?? "";
  const hex = /^#([0-9a-f]{6})$/i.exec(fill)?.[1];
  if (!hex) throw new Error(`an opacity on the fill ${fill}`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r},${g},${b},${Number(opacity)})`;
}

/** A rectangle (rounded by rx/ry) as path data. */
function rectPath(a: Record<string, string>): string {
  const x = num(a.x), y = num(a.y), w = num(a.width), h = num(a.height);
  const rx = Math.min(num(a.rx ?? a.ry), w / 2), ry = Math.min(num(a.ry ?? a.rx), h / 2);
  if (!rx || !ry) return `M${x} ${y}h${w}v${h}h${-w}z`;
  return `M${x + rx} ${y}h${w - 2 * rx}a${rx} ${ry} 0 0 1 ${rx} ${ry}v${h - 2 * ry}a${rx} ${ry} 0 0 1 ${-rx} ${ry}h${-(w - 2 * rx)}a${rx} ${ry} 0 0 1 ${-rx} ${-ry}v${-(h - 2 * ry)}a${rx} ${ry} 0 0 1 ${rx} ${-ry}z`;
}

/**
 * An icon's SVG body as filled layers, in paint order. Only what these icons use is known
 * (path, rect, a `g` that sets no fill, `defs` + `use`); anything else is an error here, not a
 * wrong picture in a player's hands.
 */
export function layersOf(name: string, body: string): Layer[] {
  const defs = new Map<string, Layer>();
  const out: Layer[] = [];
  let inDefs = false;
  for (const m of body.matchAll(/<(\/?)(\w+)([^>]*?)(\/?)>/g)) {
    const [, close, tag, rest] = m;
    const a = attrs(rest);
    if (tag === "defs") {
      inDefs = !close;
      continue;
    }
    if (tag === "g") {
      if (!close && a.fill !== undefined && a.fill !== "none") throw new Error(`${name}: a group sets a fill`);
      continue;
    }
    if (close) continue;
    let layer: Layer;
    const fill = withOpacity(a.fill, a.opacity);
    if (tag === "path") layer = [fill, a.d];
    else if (tag === "rect") layer = [fill, rectPath(a)];
    else if (tag === "use") {
      const def = defs.get((a.href ?? "").replace(/^#/, ""));
      if (!def) throw new Error(`${name}: <use> of an unknown shape`);
      out.push(def);
      continue;
    } else throw new Error(`${name}: <${tag}> is not supported`);
    const unknown = Object.keys(a).filter((k) => !["fill", "d", "id", "x", "y", "width", "height", "rx", "ry", "opacity"].includes(k));
    if (unknown.length) throw new Error(`${name}: attributes ${unknown.join(", ")} are not supported`);
    if (!layer[0] || !layer[1]) throw new Error(`${name}: a shape without a fill or a path`);
    if (inDefs) defs.set(a.id, layer);
    else out.push(layer);
  }
  return out;
}

/** The data file's text. */
export function portraitFile(): string {
  const require = createRequire(import.meta.url);
  const set = JSON.parse(readFileSync(require.resolve("@iconify-json/fluent-emoji-flat/icons.json"), "utf8")) as { icons: Record<string, { body: string }>; width?: number; height?: number };
  const version = (JSON.parse(readFileSync(require.resolve("@iconify-json/fluent-emoji-flat/package.json"), "utf8")) as { version: string }).version;
  if ((set.width ?? 16) !== 32 || (set.height ?? 16) !== 32) throw new Error("the icons are no longer 32×32");
  const lines = Object.entries(PORTRAIT_SOURCES).map(([key, icon]) => {
    const found = set.icons[icon];
    if (!found) throw new Error(`no icon "${icon}" for ${key}`);
    return `  ${JSON.stringify(key)}: ${JSON.stringify(layersOf(icon, found.body))},`;
  });
  return [
    "// Generated by scripts/petPortraits.ts from @iconify-json/fluent-emoji-flat " + version + " (Fluent Emoji Flat,",
    "// © Microsoft Corporation, MIT licence): do not edit by hand. Each portrait is [fill, SVG path]",
    "// layers on a 32×32 box, painted in order (client/games/pets/portraits.ts).",
    "export const PORTRAIT_BOX = 32;",
    "",
    "export const PORTRAITS: Record<string, readonly (readonly [string, string])[]> = {",
    ...lines,
    "};",
    "",
  ].join("\n");
}

export const PORTRAIT_FILE = join(dirname(fileURLToPath(import.meta.url)), "..", "client", "games", "pets", "portraitData.ts");

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(PORTRAIT_FILE, portraitFile());
  console.log(`wrote ${PORTRAIT_FILE}`);
}
