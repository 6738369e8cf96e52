// Every decklist a player already has, turned into plain lines ("4 Lightning Bolt (M10) 146",
// section headers) for deck.ts, each keeping the number of the line it came from so a report
// names the line of the player's own file. Recognised here:
//   MTGO .dek (XML: <Cards Quantity="4" Sideboard="false" Name="…"/>)
//   Cockatrice .cod (XML: <zone name="main|side|tokens"><card number="4" name="…"/>)
//   XMage .dck ("2 [M21:123] Name", "SB: 1 [M21:45] Name", NAME: / LAYOUT lines)
//   Magic Workstation .mwDeck ("// NAME : …" comments, "4 [M10] Name", "SB:  1 [M10] Name")
//   MTG Arena / Moxfield / plain text ("Deck", "Commander", "About" / "Name …"), read by deck.ts.
// Nothing is dropped silently: an XML element naming a card that cannot be read is an error.

export type DecklistFormat = "text" | "mtgo" | "cockatrice" | "xmage" | "mwdeck";

export interface PlainLine {
  /** Line number in the file as the player has it (1-based). */
  at: number;
  text: string;
}

export interface Prepared {
  format: DecklistFormat;
  lines: PlainLine[];
  errors: { line: number; text: string; message: string }[];
}

export const FORMAT_NAMES: Record<DecklistFormat, string> = {
  text: "a plain decklist",
  mtgo: "an MTGO .dek file",
  cockatrice: "a Cockatrice .cod file",
  xmage: "an XMage .dck file",
  mwdeck: "a Magic Workstation .mwDeck file",
};

/** XML attribute values with the five entities and numeric references undone. */
function unescape(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === "amp") return "&";
    if (k === "lt") return "<";
    if (k === "gt") return ">";
    if (k === "quot") return '"';
    if (k === "apos") return "'";
    const code = k.startsWith("#x") ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
  });
}

/**
 * The attributes of a start tag, as matchAll(/([A-Za-z_][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)
 * read them, in linear time: that regex scanned a long name with no "=" after it again from each
 * of its characters (quadratic). Here each run of name characters is read once; its name starts
 * at its first letter or "_", and a value must follow the run.
 */
function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const runs = /[\w:.-]+/g;
  const value = /\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
  for (let m = runs.exec(tag); m; m = runs.exec(tag)) {
    const start = m[0].search(/[A-Za-z_]/);
    if (start < 0) continue;
    value.lastIndex = runs.lastIndex;
    const v = value.exec(tag);
    if (!v) continue;
    out[m[0].slice(start).toLowerCase()] = unescape(v[1] ?? v[2] ?? "");
    runs.lastIndex = value.lastIndex;
  }
  return out;
}

/** The line number of each character index of `text`: a binary search over the line starts (found once). */
function lineNumbers(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (index) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

interface Element {
  index: number;
  /** From "<" to the first ">" after it. */
  tag: string;
  /** The text up to the closing tag (elements read with `close`). */
  content?: string;
  /** Where the element ends (after its closing tag, or its start tag's ">"). */
  end: number;
}

/**
 * The elements `open` (a global, case-insensitive regex like /<cards\b/gi) starts in `text`, as
 * matchAll(/<cards\b[^>]*>/gi) — or with `close` (/<\/zone>/gi), /<zone\b([^>]*)>([\s\S]*?)<\/zone>/gi
 * — found them, in linear time: the next ">" and the next closing tag are each looked up once for
 * every start before them, where the regexes scanned from each unclosed start to the end of the
 * text again (quadratic).
 */
function* elements(text: string, open: RegExp, close?: RegExp): Generator<Element> {
  let gt = -1;
  let closing: { index: number; end: number } | null = { index: -1, end: -1 };
  for (let m = open.exec(text); m; m = open.exec(text)) {
    if (gt < m.index) gt = text.indexOf(">", m.index);
    if (gt < 0) return;
    const tag = text.slice(m.index, gt + 1);
    if (!close) {
      yield { index: m.index, tag, end: gt + 1 };
      open.lastIndex = gt + 1;
      continue;
    }
    if (closing && closing.index <= gt) {
      close.lastIndex = gt + 1;
      const c = close.exec(text);
      closing = c ? { index: c.index, end: c.index + c[0].length } : null;
    }
    if (!closing) return;
    yield { index: m.index, tag, content: text.slice(gt + 1, closing.index), end: closing.end };
    open.lastIndex = closing.end;
  }
}

/** The format a text is written in (by its first meaningful lines). */
export function detectFormat(text: string): DecklistFormat {
  const head = text.replace(/^\uFEFF/, "").trimStart().slice(0, 2000);
  if (head.startsWith("<")) return /<cockatrice_deck\b/i.test(head) ? "cockatrice" : "mtgo";
  if (/^\/\/\s*(deck file for magic workstation|name\s*:|creator\s*:)/im.test(head)) return "mwdeck";
  if (/^(NAME|LAYOUT\s+\w+)\s*:/m.test(head) || /^(SB:\s*)?\d+\s+\[[A-Za-z0-9]*:[^\]\n\r\u2028\u2029]*\]\s/m.test(head)) return "xmage";
  return "text";
}

const cardLine = (n: string, name: string, set?: string, number?: string) => `${n} ${name.replace(/\s+/g, " ").trim()}${set ? ` (${set})${number ? ` ${number}` : ""}` : ""}`;

function fromXml(text: string, format: "mtgo" | "cockatrice"): Prepared {
  const lines: PlainLine[] = [];
  const errors: Prepared["errors"] = [];
  const lineAt = lineNumbers(text);
  const bad = (index: number, tag: string, why: string) => {
    const line = lineAt(index);
    errors.push({ line, text: tag.slice(0, 200), message: `line ${line}: ${why}` });
  };
  if (format === "mtgo") {
    const main: PlainLine[] = [];
    const side: PlainLine[] = [];
    for (const m of elements(text, /<Cards\b/gi)) {
      const a = attrs(m.tag);
      const at = lineAt(m.index);
      if (!a.name || !/^\d{1,3}$/.test(a.quantity ?? "")) {
        bad(m.index, m.tag, "a <Cards> element needs a Name and a Quantity (a whole number).");
        continue;
      }
      (a.sideboard?.toLowerCase() === "true" ? side : main).push({ at, text: cardLine(a.quantity, a.name) });
    }
    if (!main.length && !side.length && !errors.length) errors.push({ line: 1, text: "", message: "line 1: this XML file has no <Cards> elements: export the deck from MTGO as a .dek file." });
    lines.push({ at: 1, text: "Deck" }, ...main);
    if (side.length) lines.push({ at: side[0].at, text: "Sideboard" }, ...side);
    return { format, lines, errors };
  }
  const ZONES: Record<string, string> = { main: "Deck", side: "Sideboard", sideboard: "Sideboard", tokens: "Tokens", commander: "Commander", maybe: "Maybeboard" };
  let found = false;
  for (const z of elements(text, /<zone\b/gi, /<\/zone>/gi)) {
    const name = (attrs(z.tag.slice("<zone".length, -1)).name ?? "").toLowerCase();
    const header = ZONES[name];
    const at = lineAt(z.index);
    if (!header) {
      bad(z.index, text.slice(z.index, Math.min(z.end, z.index + 60)), `the zone "${name.slice(0, 20)}" is not one this table knows (main, side, tokens); its cards were not read.`);
      continue;
    }
    lines.push({ at, text: header });
    const base = z.index + z.tag.length;
    for (const c of elements(z.content ?? "", /<card\b/gi)) {
      const a = attrs(c.tag);
      found = true;
      if (!a.name || !/^\d{1,3}$/.test(a.number ?? "")) {
        bad(base + c.index, c.tag, "a <card> element needs a name and a number (how many, a whole number).");
        continue;
      }
      lines.push({ at: lineAt(base + c.index), text: cardLine(a.number, a.name, a.setshortname, a.collectornumber) });
    }
  }
  if (!found && !errors.length) errors.push({ line: 1, text: "", message: "line 1: this Cockatrice file has no cards in it." });
  return { format, lines, errors };
}

/**
 * Plain lines for deck.ts. Line formats deck.ts reads itself (counts, "SB:", "[SET] Name",
 * "[SET:123] Name", headers) pass as they are; file metadata (NAME:, LAYOUT, mwDeck comments,
 * Arena's About / Name) is left out on purpose, not dropped as unreadable.
 */
export function prepareDecklist(raw: string): Prepared {
  const text = raw.replace(/^\uFEFF/, "");
  const format = detectFormat(text);
  if (format === "mtgo" || format === "cockatrice") return fromXml(text, format);
  const lines: PlainLine[] = [];
  let about = false;
  text.split(/\r?\n/).forEach((t, i) => {
    const s = t.trim();
    if (format === "xmage" && (/^NAME\s*:/i.test(s) || /^LAYOUT\s+\w+\s*:/i.test(s))) return;
    // MTG Arena's header block: "About" then "Name My Deck" until the next section.
    if (/^about$/i.test(s)) return void (about = true);
    if (about && /^name\s+/i.test(s)) return;
    if (about && s && !/^name\s+/i.test(s)) about = false;
    lines.push({ at: i + 1, text: t });
  });
  return { format, lines, errors: [] };
}
