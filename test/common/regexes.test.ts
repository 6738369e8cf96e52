// Issue 36, point 4: no regex of the hub's rules or server can backtrack super-linearly (ReDoS).
// One did: the decklist header regex took 66 s on a comment line of spaces, hours at the list's
// size limit, with every room of the process frozen meanwhile. Every regex literal in common/
// and server/ is checked here by `recheck` (a static ReDoS checker: it builds the regex's
// automaton, finds an attack string and confirms it), so a new catastrophic regex fails the
// build with the attack that proves it. A regex without an unbounded repeat (*, +, {n,}) is
// linear by construction and skipped (recheck can only fuzz those, seconds each).
// `new RegExp(...)` cannot be read here: each one is listed below with why it is safe.

import { expect } from "chai";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkSync, type Diagnostics } from "recheck";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const DIRS = ["common", "server"];

/** Regexes built at run time, by file, with why they cannot backtrack. */
const BUILT: Record<string, string> = {
  "server/rooms/base/privateCodes.ts": "^[ALPHABET]{5}$ from constants: a fixed length, no repeat to backtrack into",
};

interface Found {
  where: string;
  source: string;
  flags: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Every regex literal (and every `RegExp(...)` call) of the TypeScript files under `dirs`. */
function regexes(dirs: string[]): { literals: Found[]; built: string[] } {
  const literals: Found[] = [];
  const built: string[] = [];
  for (const file of dirs.flatMap((d) => sources(path.join(ROOT, d)))) {
    const rel = path.relative(ROOT, file);
    const src = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const at = (n: ts.Node) => `${rel}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const visit = (n: ts.Node): void => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = (n as ts.RegularExpressionLiteral).text;
        const end = text.lastIndexOf("/");
        literals.push({ where: at(n), source: text.slice(1, end), flags: text.slice(end + 1) });
      } else if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && ts.isIdentifier(n.expression) && n.expression.text === "RegExp") {
        const [arg, flags] = n.arguments ?? [];
        if (arg && ts.isStringLiteral(arg) && (!flags || ts.isStringLiteral(flags))) literals.push({ where: at(n), source: arg.text, flags: flags ? (flags as ts.StringLiteral).text : "" });
        else built.push(rel);
      }
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return { literals, built };
}

/** Does the pattern repeat anything without bound (*, + or {n,} outside a class and escapes)? */
export function repeatsUnbounded(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "*" || c === "+") return true;
    else if (c === "{" && /^\{\d+,\}/.test(source.slice(i, i + 12))) return true;
  }
  return false;
}

/** recheck's verdict, with the attack when there is one. */
function verdict(r: Found): Diagnostics {
  // A fixed seed: the fuzzing part (for what the automaton cannot decide) repeats itself.
  return checkSync(r.source, r.flags, { randomSeed: 36, timeout: 30_000 });
}

function problem(r: Found, d: Diagnostics): string | null {
  if (d.status === "safe") return null;
  if (d.status === "vulnerable") return `${r.where} /${r.source}/${r.flags}: ${d.complexity.summary}, attack ${d.attack.pattern}`;
  return `${r.where} /${r.source}/${r.flags}: recheck could not decide (${d.error.kind}); write it so it can (fewer alternatives, no case-insensitive flag on long words) or as plain code`;
}

describe("regexes: none can backtrack super-linearly (issue 36, recheck)", function () {
  this.timeout(300_000);

  it("the checker finds the regex that froze every room (the old decklist header)", () => {
    const old = { where: "common/table/deck.ts (before issue 36)", source: String.raw`^(?:\/\/\s*)?([A-Za-z]+)\s*(?:\(\d+\))?\s*:?\s*$`, flags: "" };
    const d = verdict(old);
    expect(d.status).to.equal("vulnerable");
    expect(problem(old, d)).to.match(/polynomial/);
    expect(repeatsUnbounded(old.source)).to.equal(true);
    expect(repeatsUnbounded(String.raw`^Bearer (\S{1,512})$`)).to.equal(false);
    expect(repeatsUnbounded(String.raw`^[*+]{2,}x\+$`)).to.equal(true);
    expect(repeatsUnbounded(String.raw`^[*+]{2}x\+$`)).to.equal(false);
  });

  it("every regex literal in common/ and server/ is linear", () => {
    const { literals, built } = regexes(DIRS);
    expect(literals.length, "regex literals found").to.be.above(50);
    const unlisted = [...new Set(built)].filter((f) => !BUILT[f]);
    expect(unlisted, "RegExp built at run time (use a literal, or list it in BUILT with why it is safe)").to.deep.equal([]);
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const r of literals) {
      const key = `${r.flags}/${r.source}`;
      if (seen.has(key) || !repeatsUnbounded(r.source)) continue;
      seen.add(key);
      const p = problem(r, verdict(r));
      if (p) problems.push(p);
    }
    expect(problems, "regexes that can backtrack super-linearly").to.deep.equal([]);
  });
});
