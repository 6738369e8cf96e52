// Mana costs as symbols: "{2}{R}{G/W}{U/P}" → one symbol each with its colours, drawn as
// coloured circles on the canvas (art.ts) and as coloured chips in the DOM (preview, dialogs).
// Split costs ("{1}{R} // {1}{U}") keep their " // ".

export interface ManaSymbol {
  /** What it reads: "2", "R", "X", "G/W"… ("//" between the halves of a split cost). */
  text: string;
  /** The letter or number drawn inside. */
  label: string;
  /** Fill colours (two for a hybrid). */
  fills: number[];
}

const FILL: Record<string, number> = { W: 0xf8f3d6, U: 0xa9dcf5, B: 0xc7bdb9, R: 0xf6a98f, G: 0x9ad2ad, C: 0xd3cdca };
const GENERIC = 0xd3cdca;

export function manaSymbols(cost: string): ManaSymbol[] {
  const out: ManaSymbol[] = [];
  const re = /\{([^}]{1,8})\}|(\/\/)/g;
  for (const m of cost.matchAll(re)) {
    if (m[2]) {
      out.push({ text: "//", label: "//", fills: [] });
      continue;
    }
    const s = m[1].toUpperCase();
    const parts = s.split("/");
    const colours = parts.filter((p) => FILL[p] !== undefined && p !== "C");
    const fills = colours.length ? colours.map((p) => FILL[p]) : [s === "C" ? FILL.C : GENERIC];
    // {R/P}: Phyrexian red; {2/W}: two or white; {S}: snow.
    const label = parts.includes("P") ? `${colours[0] ?? ""}ϕ` : parts.length > 1 ? parts.filter((p) => !colours.includes(p)).join("") || colours.join("") : s === "T" ? "↷" : s;
    out.push({ text: s, label: label.length > 2 ? label.slice(0, 2) : label, fills });
  }
  return out;
}

export const cssColour = (n: number): string => `#${n.toString(16).padStart(6, "0")}`;

/** A cost in words for screen readers: "{2}{R}" → "2 R". */
export const costWords = (cost: string): string => manaSymbols(cost).map((s) => s.text).join(" ");
