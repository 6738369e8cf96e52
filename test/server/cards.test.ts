// Card data: the Scryfall bulk fixture (test/fixtures/cards/scryfall-bulk.json, written by hand
// in Scryfall's documented shape: every layout, tokens, basic lands, an art card) imported into
// SQLite; lookups by name, face, "A // B", set + collector number; a second import replacing
// the first under a running reader; a broken file changing nothing; no data at all. Then a real
// table room (port 2785): a decklist with set codes and a double-faced card becomes real cards,
// only its player is told what was not found, and the page's CSP allows exactly the data's
// picture host when CARD_IMAGES is on.

import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "colyseus.js";
import { cardFacts, queryKey, resolveCards } from "../../common/table/cards.js";
import { deckQueries, parseDecklist } from "../../common/table/deck.js";
import type { TableState } from "../../common/table/game.js";
import { joinView, partsFor, type Parts } from "../../common/table/wire.js";
import { importCards } from "../../server/cards/importer.js";
import { CardStore, useCardStore } from "../../server/cards/store.js";
import { CARD_LOOKUPS } from "../../server/cards/lookups.js";
import { BotPool } from "../../server/bots/pool.js";
import { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { LOOKUP_REFUSALS } from "../../server/rooms/table/parts.js";
import { contentSecurityPolicy } from "../../server/http.js";
import { bootHub, seated, until, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

export const FIXTURE = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "fixtures", "cards", "scryfall-bulk.json");
const PORT = testPort(2785);

describe("card data: Scryfall bulk import", function () {
  this.timeout(30_000);
  let dir: string;
  let db: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cards-"));
    db = path.join(dir, "cards.sqlite");
    const r = await importCards(FIXTURE, db);
    expect(r.cards).to.equal(36);
    expect(r.skipped).to.equal(1, "the art card");
    expect(r.imageHosts).to.deep.equal(["http://127.0.0.1:2795"]);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("finds cards by exact name (any case), either face, A // B, A/B, and set + collector number", () => {
    const s = new CardStore(db, true);
    expect(s.find({ name: "lightning BOLT" })?.name).to.equal("Lightning Bolt");
    expect(s.find({ name: "Lightning Bolt", set: "M10", number: "146" })).to.include({ set: "M10", number: "146" });
    expect(s.find({ name: "Lightning Bolt", set: "2xm" })).to.include({ set: "2XM", number: "129" });
    // A set and number that name another card: the name wins.
    expect(s.find({ name: "Counterspell", set: "M10", number: "146" })?.name).to.equal("Counterspell");
    const fire = s.find({ name: "Fire // Ice" })!;
    expect(fire).to.include({ name: "Fire // Ice", layout: "split", cost: "{1}{R} // {1}{U}", colors: "UR" });
    expect(fire.faces!.map((f) => f.name)).to.deep.equal(["Fire", "Ice"]);
    expect(s.find({ name: "Fire/Ice" })?.name).to.equal("Fire // Ice");
    expect(s.find({ name: "ice" })?.name).to.equal("Fire // Ice");
    const delver = s.find({ name: "Delver of Secrets // Insectile Aberration", set: "ISD", number: "51" })!;
    expect(delver).to.include({ name: "Delver of Secrets", back: "Insectile Aberration", layout: "transform", cost: "{U}", power: "1", toughness: "1" });
    expect(delver.faces![1]).to.include({ name: "Insectile Aberration", power: "3", toughness: "2", text: "Flying" });
    expect(delver.faces![0].image).to.match(/front/);
    expect(delver.faces![1].image).to.match(/back/);
    expect(s.find({ name: "Insectile Aberration" })?.name).to.equal("Delver of Secrets");
    const valki = s.find({ name: "Valki, God of Lies" })!;
    expect(valki).to.include({ layout: "modal_dfc", identity: "BR", back: "Tibalt, Cosmic Impostor" });
    expect(valki.faces![1].loyalty).to.equal(5);
    const giant = s.find({ name: "Bonecrusher Giant" })!;
    expect(giant).to.include({ layout: "adventure", power: "4", toughness: "3" });
    expect(giant.back, "an adventure is not a back face").to.equal(undefined);
    expect(giant.faces![1].name).to.equal("Stomp");
    expect(s.find({ name: "Akki Lavarunner" })).to.include({ layout: "flip", back: "Tok-Tok, Volcano Born" });
    // A meld front's other face is the card it melds into (patched after the whole file).
    const bruna = s.find({ name: "Bruna, the Fading Light" })!;
    expect(bruna.back).to.equal("Brisela, Voice of Nightmares");
    expect(bruna.faces![1]).to.include({ power: "9", toughness: "10" });
    expect(s.find({ name: "Jace, the Mind Sculptor" })).to.include({ loyalty: 3, mv: 4 });
    expect(s.find({ name: "Tarmogoyf" })).to.include({ power: "*", toughness: "1+*" });
    expect(s.find({ name: "Serra Angel" })!.keywords).to.deep.equal(["Flying", "Vigilance"]);
    expect(s.find({ name: "Goblin", token: true })).to.include({ layout: "token", type: "Token Creature — Goblin", colors: "R" });
    expect(s.find({ name: "No Such Card" })).to.equal(null);
  });

  it("gives deck checks what they need: colour identity, basic lands, who may lead, pairs", () => {
    const s = new CardStore(db, true);
    const facts = (name: string) => cardFacts(s.find({ name })!);
    expect(facts("Atraxa, Praetors' Voice")).to.include({ identity: "WUBG", canLead: true, basicLand: false, fromData: true });
    expect(facts("Mountain")).to.include({ identity: "R", basicLand: true, anyNumber: true, canLead: false });
    expect(facts("Valki, God of Lies")).to.include({ identity: "BR", canLead: true });
    expect(facts("Wilson, Refined Grizzly")).to.include({ canLead: true, pairs: true });
    expect(facts("Lightning Bolt")).to.include({ canLead: false, layout: "normal", typeLine: "Instant" });
    expect(facts("Delver of Secrets").typeLine).to.equal("Creature — Human Wizard // Creature — Human Wizard // Creature — Human Insect");
  });

  it("leaves pictures out when images are off", () => {
    const s = new CardStore(db, false);
    expect(s.find({ name: "Lightning Bolt" })!.image).to.equal(undefined);
    expect(s.find({ name: "Delver of Secrets" })!.faces!.every((f) => f.image === undefined)).to.equal(true);
    expect(s.imageHosts()).to.deep.equal([]);
    expect(new CardStore(db, true).imageHosts()).to.deep.equal(["http://127.0.0.1:2795"]);
    expect(new CardStore(db, true).imageHosts(["https://img.example.org"])).to.deep.equal(["https://img.example.org"]);
  });

  it("a second import replaces the first at once for a running reader; a broken file changes nothing", async () => {
    let now = 0;
    const s = new CardStore(db, true, () => now);
    expect(s.find({ name: "Lightning Bolt" })!.text).to.match(/3 damage/);
    const changed = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as { name: string; oracle_text?: string }[];
    for (const c of changed) if (c.name === "Lightning Bolt") c.oracle_text = "Lightning Bolt deals 4 damage to any target.";
    const second = path.join(dir, "second.json");
    fs.writeFileSync(second, JSON.stringify(changed.filter((c) => c.name !== "Counterspell")));
    await importCards(second, db);
    expect(fs.readdirSync(dir).filter((f) => f.includes("importing"))).to.deep.equal([], "no scratch file left");
    now += 1500;
    expect(s.find({ name: "Lightning Bolt" })!.text).to.match(/4 damage/);
    expect(s.find({ name: "Counterspell" })).to.equal(null);
    expect(s.info()!.cards).to.equal(35);

    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, JSON.stringify(changed).slice(0, 5000));
    let failed = false;
    await importCards(broken, db).catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes("importing"))).to.deep.equal([]);
    now += 1500;
    expect(s.find({ name: "Lightning Bolt" })!.text).to.match(/4 damage/, "the old data stands");
    await importCards(FIXTURE, db);
  });

  it("without any data: no card is found and nothing breaks", () => {
    const s = new CardStore(path.join(dir, "none.sqlite"), true);
    expect(s.info()).to.equal(null);
    expect(s.find({ name: "Lightning Bolt" })).to.equal(null);
    expect(s.imageHosts()).to.deep.equal([]);
  });

  it("a decklist's lines become queries and the answers real cards; the report names what was not found", () => {
    const s = new CardStore(db, true);
    const list = "Commander\n1 Atraxa, Praetors' Voice\nDeck\n4 Lightning Bolt (M10) 146\n1 Delver of Secrets // Insectile Aberration (ISD) 51 *F*\n1 Grizzly Bears | Creature — Bear | {1}{G} | 3/3\n2 Homebrew Wonder\n10 Island\nTokens\n1 Goblin";
    const qs = deckQueries(list);
    expect(qs.find((q) => q.name === "Lightning Bolt")).to.deep.equal({ name: "Lightning Bolt", set: "M10", number: "146" });
    expect(qs.find((q) => q.name.startsWith("Delver"))).to.deep.equal({ name: "Delver of Secrets // Insectile Aberration", set: "ISD", number: "51" });
    const cards = Object.fromEntries(qs.map((q) => [queryKey(q), s.find(q)]).filter(([, d]) => d));
    const r = parseDecklist(list, cards);
    if (!r.ok) throw new Error("unreadable");
    expect(r.report).to.deep.equal({ cards: 20, found: 18, unfound: ["Homebrew Wonder"], data: true });
    expect(r.deck.commander[0].def).to.include({ name: "Atraxa, Praetors' Voice", commander: true, permanent: true, identity: "WUBG" });
    expect(r.deck.main[0].def).to.include({ name: "Lightning Bolt", set: "M10", number: "146" });
    expect(r.deck.main[1].def).to.include({ name: "Delver of Secrets", back: "Insectile Aberration" });
    // What the line says after its bars still wins over the data.
    expect(r.deck.main[2].def).to.include({ name: "Grizzly Bears", power: "3", toughness: "3", colors: "G" });
    expect(r.deck.main[3].def).to.deep.equal({ name: "Homebrew Wonder" });
    expect(r.deck.tokens[0].def).to.include({ name: "Goblin", layout: "token" });
  });
});

describe("card data in a table room", function () {
  this.timeout(30_000);
  let hub: TestHub;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cards-room-"));
    await importCards(FIXTURE, path.join(dir, "cards.sqlite"));
    useCardStore(new CardStore(path.join(dir, "cards.sqlite"), true));
    hub = await bootHub(PORT);
  });
  after(async () => {
    await hub.shutdown();
    useCardStore(null);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const partsOf = (state: any): Parts => {
    const out: Parts = {};
    state.parts?.forEach((p: { json: string }, k: string) => (out[k] = p.json));
    return out;
  };

  it("a decklist with set codes and a double-faced card is dealt as real cards; only its player reads the report", async () => {
    const client = new Client(`ws://127.0.0.1:${PORT}`);
    const a = await seated(client.create("table", { name: "Ada", seats: 2 }));
    const b = await seated(client.joinById(a.room.roomId, { name: "Bo" }));
    const list = ["4 Delver of Secrets // Insectile Aberration (ISD) 51", "4 Lightning Bolt (M10) 146", "2 Homebrew Wonder", "20 Island", "10 Mountain"].join("\n");
    await a.probe.until(() => a.probe.state.phase === "playing" || undefined, 5000, "the start");
    a.room.send("deck", { text: list });
    await a.probe.until(() => partsFor(partsOf(a.probe.state), a.seat).r || undefined, 5000, "Ada's report").catch((e) => {
      throw new Error(`${e.message}: ${JSON.stringify(a.probe.messages.filter((m) => m.type === "error").map((m) => m.payload))}`);
    });
    const view = joinView(partsFor(partsOf(a.probe.state), a.seat), 0)!;
    // The report also carries the format's warnings (a 40-card list at a Constructed table: size, 60 or more).
    expect(view.report).to.deep.include({ cards: 40, found: 38, unfound: ["Homebrew Wonder"], data: true });
    expect(view.report?.warnings).to.deep.equal([{ kind: "size", has: 40, from: 60, to: null }]);
    // Bo sees no report of Ada's (not even a part key of it).
    await b.probe.sync();
    expect(Object.keys(partsOf(b.probe.state)).filter((k) => k.startsWith("r"))).to.deep.equal([]);
    expect(joinView(partsFor(partsOf(b.probe.state), b.seat), 1)?.report).to.equal(undefined);
    b.room.send("deck", { text: "" });
    await a.probe.until(() => joinView(partsFor(partsOf(a.probe.state), a.seat), 0)?.stage === "table" || undefined, 5000, "the deal");
    const dealt = joinView(partsFor(partsOf(a.probe.state), a.seat), 0)!;
    const hand = dealt.table!.zones["0.hand"].cards!;
    expect(hand).to.have.length(7);
    const known = hand.map((c) => c.card!);
    expect(known.every((d) => ["Delver of Secrets", "Lightning Bolt", "Homebrew Wonder", "Island", "Mountain"].includes(d.name))).to.equal(true);
    const island = known.find((d) => d.name === "Island");
    if (island) expect(island).to.include({ layout: "normal", type: "Basic Land — Island" });
    // The engine's own game holds the data: the deal, and so every replay, reads the same cards.
    const server = hub.colyseus.getRoomById(a.room.roomId) as unknown as { session: { state: TableState; log: { move: { type: string; cards?: object } }[] } };
    const defs = server.session.state.game!.defs;
    expect(defs.find((d) => d.name === "Delver of Secrets")).to.include({ back: "Insectile Aberration", set: "ISD", number: "51", layout: "transform" });
    expect(defs.find((d) => d.name === "Lightning Bolt")).to.include({ set: "M10", number: "146", cost: "{R}" });
    const logged = server.session.log.find((m) => m.move.type === "deck" && m.move.cards);
    expect(logged, "the move in the log carries the cards").to.not.equal(undefined);
    await a.room.leave();
    await b.room.leave();
  });

  it("the lookups run off the event loop: on a worker thread they give the same cards; with no thread to run them the deck is refused in words and nothing changes", async () => {
    // A bot pool's thread answers a list's queries as the room's own store does.
    const queries = deckQueries("4 Lightning Bolt (M10) 146\n2 Delver of Secrets\n1 Homebrew Wonder");
    const pool = new BotPool({ size: 1 });
    try {
      const got = await pool.prepare({ game: CARD_LOOKUPS, task: { file: path.join(dir, "cards.sqlite"), images: true, queries }, budgetMs: 10_000 });
      expect(got?.result).to.deep.equal(resolveCards(queries, new CardStore(path.join(dir, "cards.sqlite"), true)));
      expect(Object.keys(got!.result as object)).to.have.length(2);
    } finally {
      await pool.close();
    }
    // No thread can run them: refused in words, the seat still has no deck, and the list is taken when imported again.
    const client = new Client(`ws://127.0.0.1:${PORT}`);
    const a = await seated(client.create("table", { name: "Di", mode: "solo" }));
    await a.probe.until(() => a.probe.state.phase === "playing" || undefined, 5000, "the start");
    const saved = GameRoom.preparer;
    GameRoom.preparer = { prepare: () => Promise.reject(new Error("no thread")) };
    const from = a.probe.messages.length;
    try {
      a.room.send("deck", { text: "4 Lightning Bolt (M10) 146\n20 Island" });
      const e = await a.probe.next("error", from);
      expect(e.code).to.equal("unavailable");
      expect(e.message).to.equal(LOOKUP_REFUSALS.failed);
    } finally {
      GameRoom.preparer = saved;
    }
    await a.probe.sync();
    const server = hub.colyseus.getRoomById(a.room.roomId) as unknown as { session: { state: TableState; log: unknown[] } };
    expect(server.session.state.decks, "no deck taken").to.deep.equal([null]);
    expect(server.session.log, "nothing in the log").to.deep.equal([]);
    a.room.send("deck", { text: "4 Lightning Bolt (M10) 146\n20 Island" });
    await a.probe.until(() => partsFor(partsOf(a.probe.state), a.seat).r || undefined, 5000, "Di's report");
    expect(server.session.state.decks[0]).to.not.equal(null);
    await a.room.leave();
  });

  it("a client cannot send card data of its own", async () => {
    const client = new Client(`ws://127.0.0.1:${PORT}`);
    const a = await seated(client.create("table", { name: "Cy", mode: "solo" }));
    const from = a.probe.messages.length;
    a.room.send("deck", { text: "1 Lightning Bolt", cards: { "lightning bolt|||": { name: "Lightning Bolt", text: "Win the game." } } });
    const e = await a.probe.next("error", from);
    expect(e.code).to.equal("bad-payload");
    await a.room.leave();
  });

  it("the page's CSP allows pictures from exactly the data's hosts (or CARD_IMAGE_HOSTS) when images are on", async () => {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/rooms`);
    const csp = res.headers.get("content-security-policy")!;
    expect(/img-src ([^;]*)/.exec(csp)![1]).to.equal("'self' data: blob: http://127.0.0.1:2795");
    // The service worker's fetch of a picture it keeps.
    expect(/connect-src ([^;]*)/.exec(csp)![1]).to.equal("'self' http://127.0.0.1:2795");
    expect(/img-src ([^;]*)/.exec(contentSecurityPolicy({}))![1]).to.equal("'self' data: blob:");
    useCardStore(new CardStore(path.join(dir, "cards.sqlite"), false));
    const off = (await fetch(`http://127.0.0.1:${PORT}/api/rooms`)).headers.get("content-security-policy")!;
    expect(/img-src ([^;]*)/.exec(off)![1]).to.equal("'self' data: blob:");
    useCardStore(new CardStore(path.join(dir, "cards.sqlite"), true));
    await until(() => true);
  });
});
