// "Rules are pure" (DESIGN.md): common/ takes randomness only from the seeded
// PRNG and time only from the injected clock, and knows nothing of Colyseus,
// Pixi, the DOM or Node. This test fails the build when a forbidden name shows
// up in code under common/. Comments and the text inside string literals are
// ignored (a message may say "date"); import specifiers are checked as strings.

import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const COMMON = join(ROOT, "common");

/**
 * Splits TypeScript source into two views of the same length and line layout:
 * `code`, with comments and the contents of string/template literals blanked
 * (template `${...}` expressions stay, they are code), and `withStrings`, with
 * only the comments blanked. Regex literals are kept as code. Newlines are
 * preserved so line numbers still match the file.
 */
export function stripSource(src: string): { code: string; withStrings: string } {
  let code = "";
  let withStrings = "";
  const blank = (ch: string) => (ch === "\n" ? "\n" : " ");
  // Stack of template-literal nesting: each entry counts open braces inside a `${`.
  const templates: number[] = [];
  let i = 0;
  let lastSignificant = ""; // last non-space code character, to tell `/` division from a regex

  const emit = (text: string, inCode: boolean, inStrings: boolean) => {
    code += inCode ? text : [...text].map(blank).join("");
    withStrings += inStrings ? text : [...text].map(blank).join("");
  };
  const regexCanStart = () => lastSignificant === "" || /[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant) || /\b(return|typeof|case|in|of|void|delete|throw|new)$/.test(code.trimEnd());

  // Reads a template literal's text from i (just after ` or }) up to ` or ${.
  const templateText = () => {
    while (i < src.length) {
      const ch = src[i];
      if (ch === "\\") {
        emit(src.slice(i, i + 2), false, true);
        i += 2;
      } else if (ch === "`") {
        emit("`", true, true);
        i++;
        templates.pop();
        lastSignificant = "`";
        return;
      } else if (ch === "$" && src[i + 1] === "{") {
        emit("${", true, true);
        i += 2;
        templates[templates.length - 1] = 0;
        lastSignificant = "{";
        return;
      } else {
        emit(ch, false, true);
        i++;
      }
    }
  };

  while (i < src.length) {
    const ch = src[i];
    const next = src[i + 1];
    if (ch === "/" && next === "/") {
      const end = src.indexOf("\n", i);
      const stop = end === -1 ? src.length : end;
      emit(src.slice(i, stop), false, false);
      i = stop;
    } else if (ch === "/" && next === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end === -1 ? src.length : end + 2;
      emit(src.slice(i, stop), false, false);
      i = stop;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== ch && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
      emit(ch, true, true);
      emit(src.slice(i + 1, j), false, true);
      if (j < src.length && src[j] === ch) emit(ch, true, true);
      i = Math.min(j + 1, src.length);
      lastSignificant = ch;
    } else if (ch === "`") {
      emit("`", true, true);
      i++;
      templates.push(0);
      templateText();
    } else if (templates.length && ch === "{") {
      templates[templates.length - 1]++;
      emit(ch, true, true);
      i++;
      lastSignificant = ch;
    } else if (templates.length && ch === "}") {
      if (templates[templates.length - 1] === 0) {
        // End of a `${...}`: back into the template's text.
        emit("}", true, true);
        i++;
        templateText();
      } else {
        templates[templates.length - 1]--;
        emit(ch, true, true);
        i++;
        lastSignificant = ch;
      }
    } else if (ch === "/" && regexCanStart()) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== "\n") {
        if (src[j] === "\\") j++;
        else if (src[j] === "[") inClass = true;
        else if (src[j] === "]") inClass = false;
        else if (src[j] === "/" && !inClass) break;
        j++;
      }
      emit(src.slice(i, j + 1), true, true);
      i = j + 1;
      lastSignificant = "/";
    } else {
      emit(ch, true, true);
      i++;
      if (!/\s/.test(ch)) lastSignificant = ch;
    }
  }
  return { code, withStrings };
}

interface Rule {
  what: string;
  pattern: RegExp;
  /** Match against the view that keeps string contents (import specifiers, bracket access). */
  strings?: boolean;
}

// An identifier not reached through a property access (`x.Date` is someone's field, not the global).
const ident = (name: string) => `(?<![\\w$.])${name}(?![\\w$])`;

const NODE_BUILTINS = builtinModules.filter((m) => !m.startsWith("_")).map((m) => m.replace(/[/]/g, "\\/"));
const FORBIDDEN_MODULES = ["colyseus(?:\\.js)?", "@colyseus\\/[^'\"`]*", "pixi(?:\\.js)?", "@pixi\\/[^'\"`]*", "node:[^'\"`]*", ...NODE_BUILTINS];
const moduleRef = `['"\`](?:${FORBIDDEN_MODULES.join("|")})['"\`]`;

const RULES: Rule[] = [
  { what: "Math.random", pattern: /(?<![\w$.])Math\s*(?:\?\.|\.)\s*random\b/ },
  { what: "Math.random", pattern: /(?<![\w$.])Math\s*\[\s*['"`]random['"`]\s*\]/, strings: true },
  { what: "Date", pattern: new RegExp(ident("Date")) },
  { what: "performance.now", pattern: new RegExp(`${ident("performance")}\\s*(?:\\?\\.|\\.|\\[)`) },
  {
    what: "timer",
    pattern: new RegExp(ident("(?:setTimeout|setInterval|setImmediate|queueMicrotask|clearTimeout|clearInterval|clearImmediate|requestAnimationFrame)")),
  },
  { what: "process.", pattern: new RegExp(`${ident("process")}\\s*(?:\\?\\.|\\.|\\[)`) },
  { what: "DOM global", pattern: new RegExp(ident("(?:document|window|navigator|localStorage|sessionStorage)")) },
  { what: "crypto randomness", pattern: new RegExp(`${ident("crypto")}\\s*(?:\\?\\.|\\.|\\[)`) },
  // import ... from "x", export ... from "x", import "x", import("x"), require("x")
  { what: "forbidden import", pattern: new RegExp(`(?:\\bfrom|\\bimport|\\brequire\\s*\\(|\\bimport\\s*\\()\\s*${moduleRef}`), strings: true },
];

export interface Finding {
  line: number;
  what: string;
  text: string;
}

export function scanSource(src: string): Finding[] {
  const views = stripSource(src);
  const lines = { code: views.code.split("\n"), withStrings: views.withStrings.split("\n") };
  const raw = src.split("\n");
  const findings: Finding[] = [];
  for (const rule of RULES) {
    const view = rule.strings ? lines.withStrings : lines.code;
    view.forEach((line, k) => {
      if (rule.pattern.test(line)) findings.push({ line: k + 1, what: rule.what, text: raw[k].trim() });
    });
  }
  return findings;
}

function sourceFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(?:c|m)?tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f))
    .sort();
}

describe("purity: common/ has no clock, no Math.random, no timers, no I/O, no framework", () => {
  const files = sourceFiles(COMMON);

  it("finds the rules sources to scan", () => {
    const rel = files.map((f) => relative(ROOT, f).split("\\").join("/"));
    expect(rel).to.include.members([
      "common/core/rng.ts",
      "common/core/rules.ts",
      "common/core/session.ts",
      "common/minesweeper/rules.ts",
      "common/minesweeper/board.ts",
    ]);
  });

  it("no file under common/ uses a forbidden global, timer or module", () => {
    const report: string[] = [];
    for (const file of files) {
      for (const f of scanSource(readFileSync(file, "utf8"))) {
        report.push(`${relative(ROOT, file)}:${f.line}: ${f.what}: ${f.text}`);
      }
    }
    expect(report, `impure code in common/:\n${report.join("\n")}`).to.deep.equal([]);
  });

  describe("the scanner itself", () => {
    const flagged = (src: string) => scanSource(src).map((f) => f.what);

    it("flags Math.random() (the check above can fail)", () => {
      expect(flagged("const x = Math.random();")).to.deep.equal(["Math.random"]);
      expect(flagged("const r = Math . random;")).to.deep.equal(["Math.random"]);
      expect(flagged('const r = Math["random"]();')).to.deep.equal(["Math.random"]);
    });

    it("flags every form of the clock", () => {
      for (const src of ["const t = Date.now();", "const d = new Date();", "const s = Date();", "let d: Date;", "const p = performance.now();", "const p = performance?.now();"]) {
        expect(flagged(src), src).to.have.length.greaterThan(0);
      }
    });

    it("flags timers, process, DOM globals and crypto", () => {
      const cases: Array<[string, string]> = [
        ["setTimeout(tick, 10);", "timer"],
        ["const h = setInterval(f, 1);", "timer"],
        ["setImmediate(f);", "timer"],
        ["queueMicrotask(f);", "timer"],
        ["if (process.env.DEBUG) log();", "process."],
        ["const w = document.body;", "DOM global"],
        ["window.addEventListener('x', f);", "DOM global"],
        ["crypto.getRandomValues(buf);", "crypto randomness"],
      ];
      for (const [src, what] of cases) expect(flagged(src), src).to.deep.equal([what]);
    });

    it("flags imports of colyseus, pixi and Node modules, in every import form", () => {
      for (const src of [
        'import { Room } from "colyseus";',
        "import { Schema } from '@colyseus/schema';",
        'import * as PIXI from "pixi.js";',
        'import type { Client } from "colyseus.js";',
        'export { x } from "@pixi/core";',
        'import { readFileSync } from "node:fs";',
        'import fs from "fs";',
        'import "timers";',
        'const m = await import("colyseus");',
        'const fs = require("fs");',
      ]) {
        expect(flagged(src), src).to.deep.equal(["forbidden import"]);
      }
    });

    it("finds real uses on the same line as strings or after comments", () => {
      expect(flagged('const url = "http://x"; const r = Math.random();')).to.deep.equal(["Math.random"]);
      expect(flagged("/* seeded */ const r = Math.random();")).to.deep.equal(["Math.random"]);
      expect(flagged("const s = `t=${Date.now()}`;")).to.deep.equal(["Date"]);
      expect(flagged("const s = `a ${`b ${setTimeout(f)}`}`;")).to.deep.equal(["timer"]);
      expect(flagged("const re = /\\/\\//; setTimeout(f);")).to.deep.equal(["timer"]);
      expect(flagged("const half = a / 2; const t = Date.now() / 1000;")).to.deep.equal(["Date"]);
      expect(flagged('const o = { a: "}" }; const t = Date.now();')).to.deep.equal(["Date"]);
      expect(flagged("/*\n no clock here\n*/\nconst t = Date.now();")).to.deep.equal(["Date"]);
      expect(scanSource("// a\n\nconst t = Date.now();")[0].line).to.equal(3);
    });

    it("ignores comments, text inside strings, and look-alike names", () => {
      for (const src of [
        "// never use Math.random() or Date.now() here",
        "/* setTimeout is the room's job; process.env neither */",
        "/**\n * No Date, no window, no document.\n */",
        'const msg = "Date of the game: see the process.";',
        "const msg = 'window closed';",
        "const msg = `no Math.random() in ${name}`;",
        "const d = state.Date; const w = view.window; const n = rng.random();",
        "const endDate = 1; const myprocess = 2; const windows = 3; updateDate(x);",
        'import { createRng } from "../core/rng.js";',
        'import { reject } from "./rules.js";',
        'const text = "import x from \\"colyseus\\"";',
      ]) {
        expect(flagged(src), src).to.deep.equal([]);
      }
    });
  });
});
