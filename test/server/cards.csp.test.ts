// Card pictures and the page's Content-Security-Policy: a picture URL is an origin the CSP
// names, so a host that carries CSP syntax (`;` starts a new directive, `,` a new policy)
// would write the hub's policy. An import naming such a URL is refused in words that name it
// and changes nothing (the previous card data stays); the CSP is built only from origins that
// `new URL()` accepts as plain http(s) origins (host characters only, no path), whatever the
// card data's file or CARD_IMAGE_HOSTS hold.

import { expect } from "chai";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { importCards } from "../../server/cards/importer.js";
import { CardStore, imageHostsFromEnv } from "../../server/cards/store.js";
import { contentSecurityPolicy } from "../../server/http.js";
import { captureLogs } from "../helpers/logLines.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const FIXTURE = path.join(ROOT, "test", "fixtures", "cards", "scryfall-bulk.json");

/** Hosts that would add a directive, or a second policy, to the CSP header. */
const INJECTING = [
  "https://cards.example;script-src-elem/front/a.jpg",
  "https://cards.example;sandbox/front/a.jpg",
  "https://cards.example,sandbox/front/a.jpg",
  "http://127.0.0.1:2795;frame-ancestors/x.svg",
];

/** The fixture with one card's picture replaced by `url`. */
function fixtureWith(dir: string, url: string, where: "card" | "face" = "card"): string {
  const cards = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as { name: string; image_uris?: Record<string, string>; card_faces?: { image_uris?: Record<string, string> }[] }[];
  const target = where === "card" ? cards.find((c) => c.name === "Lightning Bolt" && c.image_uris)! : cards.find((c) => c.card_faces?.[1]?.image_uris)!;
  if (where === "card") target.image_uris!.normal = url;
  else target.card_faces![1].image_uris!.normal = url;
  const file = path.join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(cards));
  return file;
}

const directives = (csp: string) => csp.split(";").map((d) => d.trim().split(/\s+/)[0]);

describe("card pictures and the CSP: only validated origins", function () {
  this.timeout(60_000);
  let dir: string;
  let db: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cards-csp-"));
    db = path.join(dir, "cards.sqlite");
    await importCards(FIXTURE, db);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("an import whose picture host carries CSP syntax is refused, names the URL, and leaves the old data", async () => {
    const before = fs.readFileSync(db);
    for (const url of INJECTING) {
      for (const where of ["card", "face"] as const) {
        let failure: Error | null = null;
        await importCards(fixtureWith(dir, url, where), db).catch((e: Error) => (failure = e));
        expect(failure, `${url} (${where}) was imported`).to.be.instanceOf(Error);
        expect(failure!.message).to.include(url);
        expect(failure!.message).to.match(/picture/);
        expect(fs.readFileSync(db).equals(before), "the card data is unchanged").to.equal(true);
        expect(fs.readdirSync(dir).filter((f) => f.includes("importing")), "no scratch file left").to.deep.equal([]);
      }
    }
    const s = new CardStore(db, true);
    expect(s.imageHosts()).to.deep.equal(["http://127.0.0.1:2795"]);
    expect(s.find({ name: "Lightning Bolt" })!.image).to.match(/^http:\/\/127\.0\.0\.1:2795\//);
  });

  it("`npm run cards:import` says which URL it refused and exits 1", async () => {
    const file = fixtureWith(dir, INJECTING[1]);
    const before = fs.readFileSync(db);
    const run = await promisify(execFile)(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "cards", "cli.ts"), file], {
      cwd: ROOT,
      env: { ...process.env, CARDS_DB: db },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(run.code).to.equal(1);
    expect(run.stderr).to.match(/The import failed and the card data was not changed/);
    expect(run.stderr).to.include(INJECTING[1]);
    expect(fs.readFileSync(db).equals(before)).to.equal(true);
  });

  it("the CSP names only plain http(s) origins, whatever the card data's file holds", () => {
    // A file imported before this check: its image_hosts hold an injecting host.
    const old = path.join(dir, "old.sqlite");
    fs.copyFileSync(db, old);
    const w = new Database(old);
    w.prepare("UPDATE meta SET value = ? WHERE key = 'image_hosts'").run(JSON.stringify(["https://cards.example;script-src-elem", "https://ok.example", "https://a.example,sandbox"]));
    w.close();
    const hosts = new CardStore(old, true).imageHosts();
    expect(hosts).to.deep.equal(["https://ok.example"]);
    const csp = contentSecurityPolicy({ images: () => ["https://cards.example;sandbox", "https://ok.example", "https://b.example,sandbox", "https://c.example/path", "javascript:alert(1)"] });
    expect(directives(csp)).to.not.include("sandbox");
    expect(csp).to.not.include(",");
    expect(/img-src ([^;]*)/.exec(csp)![1]).to.equal("'self' data: blob: https://ok.example");
    expect(/connect-src ([^;]*)/.exec(csp)![1]).to.equal("'self' https://ok.example");
    expect(directives(csp)).to.deep.equal(directives(contentSecurityPolicy({})));
  });

  it("CARD_IMAGE_HOSTS keeps only plain http(s) origins (no path, no credentials, no CSP syntax), and says which it left out", () => {
    const logs = captureLogs("warn");
    const env = (v: string) => imageHostsFromEnv({ CARD_IMAGE_HOSTS: v } as NodeJS.ProcessEnv);
    expect(env("https://img.example.org, cdn.example.net http://10.0.0.2:8080 https://[::1]:8443")).to.deep.equal([
      "https://img.example.org",
      "https://cdn.example.net",
      "http://10.0.0.2:8080",
      "https://[::1]:8443",
    ]);
    expect(env("https://a.example;sandbox https://b.example/pictures ftp://c.example https://u:p@d.example https://e.example?x https://f.example#y ;script-src-elem")).to.deep.equal([]);
    // The URL parser's own spelling: case and a default port folded.
    expect(env("HTTPS://IMG.Example.ORG:443")).to.deep.equal(["https://img.example.org"]);
    logs.restore();
    const warned = logs.lines.filter((l) => l.event === "config");
    expect(warned).to.have.length(1);
    expect(warned[0].refused).to.include("https://a.example;sandbox");
  });
});
