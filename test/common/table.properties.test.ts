// Properties of the card table engine over random games (fast-check picks the seeds):
// determinism, refusals change nothing, every viewer's view against a visibility oracle written
// by hand, view patches, hostile events, undo. Sized to seconds; LONG=1 runs many more games.

import { expect } from "chai";
import fc from "fast-check";
import { createRng } from "../../common/core/rng.js";
import {
  ACTION_KINDS,
  MAX_CARD_ID,
  applyEvent,
  checkGame,
  createLog,
  diffView,
  effective,
  fingerprint,
  gameAt,
  logLine,
  movedCard,
  parseZoneKey,
  patchView,
  play,
  resolve,
  setupTable,
  viewTable,
  type Card,
  type TableEvent,
  type TableGame,
  type TableView,
  type Viewer,
} from "../../common/table/index.js";
import { randomIntention } from "./table.intents.helpers.js";
import { newGame } from "./table.helpers.js";

const LONG = !!process.env.LONG;
const RUNS = LONG ? 40 : 3;

/** Plays `steps` random intentions; calls `each` after every one. */
function playRandom(seed: number, players: number, steps: number, each?: (g: TableGame, ok: boolean, before: TableGame, ev: TableEvent | null) => void, checkRefusals = false) {
  let g = newGame(players, { format: seed % 2 ? "commander" : "constructed" }, seed);
  const pickR = createRng(seed, 1);
  const rng = createRng(seed, 2);
  const events: TableEvent[] = [];
  for (let i = 0; i < steps; i++) {
    const it = randomIntention(g, pickR);
    const before = g;
    const json = checkRefusals ? JSON.stringify(g) : "";
    const rngBefore = rng.getState();
    const r = resolve(g, it.actor, it.action, rng, i);
    if (checkRefusals && !r.ok) {
      expect(JSON.stringify(g), `${it.action.do} refused (${r.error.code}) but changed the game`).to.equal(json);
      expect(rng.getState(), "a refused intention draws no randomness").to.deep.equal(rngBefore);
    }
    if (r.ok) {
      events.push(r.event);
      g = r.game;
    }
    each?.(g, r.ok, before, r.ok ? r.event : null);
  }
  return { game: g, events };
}

// ---- the oracle: who sees a card, written again from the rules, not from visibility.ts -------

function oracleSees(g: TableGame, viewer: Viewer, c: Card): boolean {
  if (viewer === "all") return true;
  const shown = c.shownTo === "all" || (typeof viewer === "number" && ((c.shownTo === "owner" && c.owner === viewer) || (Array.isArray(c.shownTo) && c.shownTo.includes(viewer))));
  const { zone, player } = parseZoneKey(c.at)!;
  switch (zone) {
    case "battlefield":
    case "graveyard":
    case "exile":
    case "command":
    case "stack":
    case "plane":
    case "ongoing":
      return !c.faceDown || shown;
    case "hand":
      return shown || viewer === player || g.players[player].handRevealed;
    case "sideboard":
      return shown || viewer === player;
    case "library":
    case "schemes": {
      const at = g.zones[c.at].indexOf(c.id);
      const look = g.players[player].looking;
      if (zone === "library" && at === 0 && g.players[player].topRevealed) return true;
      return shown || (viewer === player && !!look && look.zone === zone && at < look.n);
    }
    case "planes":
      return shown;
  }
}

const wholeZone = (g: TableGame, viewer: Viewer, key: string) => {
  const { zone, player } = parseZoneKey(key)!;
  if (viewer === "all" || ["battlefield", "graveyard", "exile", "command", "stack", "plane", "ongoing"].includes(zone)) return true;
  if (zone === "hand") return viewer === player || g.players[player].handRevealed;
  return zone === "sideboard" && viewer === player;
};

function checkView(g: TableGame, viewer: Viewer, v: TableView): void {
  const named = new Set([...JSON.stringify(v).matchAll(/"(?:id|attachedTo|under|from|card)":(\d+)/g)].map((m) => Number(m[1])));
  for (const [key, ids] of Object.entries(g.zones)) {
    const zv = v.zones[key];
    if (!ids.length) {
      expect(zv, key).to.equal(undefined);
      continue;
    }
    expect(zv.count, key).to.equal(ids.length);
    if (wholeZone(g, viewer, key)) {
      expect(zv.cards!.map((c) => c.id), key).to.deep.equal(ids);
      zv.cards!.forEach((cv, i) => {
        const sees = oracleSees(g, viewer, g.cards.get(ids[i])!);
        expect(cv.known, `${key}[${i}] known for ${viewer}`).to.equal(sees);
        expect(cv.card?.name, `${key}[${i}] name for ${viewer}`).to.equal(sees ? g.defs[g.cards.get(ids[i])!.def].name : undefined);
      });
      expect(zv.known).to.equal(undefined);
    } else {
      expect(zv.cards, key).to.equal(undefined);
      const want = ids.map((id, i) => [i, id] as const).filter(([, id]) => oracleSees(g, viewer, g.cards.get(id)!));
      expect((zv.known ?? []).map(([i, c]) => [i, c.id]), `${key} known by ${viewer}`).to.deep.equal(want.map(([i, id]) => [i, id]));
      // Cards the viewer cannot see leave no trace: their ids appear nowhere in the view.
      for (const id of ids) if (!oracleSees(g, viewer, g.cards.get(id)!)) expect(named.has(id), `${key} leaks ${id} to ${viewer}`).to.equal(false);
    }
  }
}

describe("card table: properties", function () {
  this.timeout(LONG ? 600_000 : 60_000);

  it("1,000 random intentions × 4 players twice with one seed give the same events and fingerprint", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const a = playRandom(seed, 4, 1000);
        const b = playRandom(seed, 4, 1000);
        expect(fingerprint(a.game)).to.equal(fingerprint(b.game));
        expect(JSON.stringify(a.events)).to.equal(JSON.stringify(b.events));
        expect(a.events.length).to.be.greaterThan(300);
        expect(checkGame(a.game)).to.equal(null);
      }),
      { numRuns: RUNS },
    );
  });

  it("a refused intention changes nothing", () => {
    let refusedCount = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        playRandom(seed, 4, 300, (_g, ok) => {
          if (!ok) refusedCount++;
        }, true);
      }),
      { numRuns: RUNS },
    );
    expect(refusedCount).to.be.greaterThan(50);
  });

  it("after every action every viewer's view equals the oracle, and patches rebuild the last view", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 4 }), (seed, players) => {
        const viewers: Viewer[] = [...Array.from({ length: players }, (_, i) => i), "spectator", "all"];
        const g0 = newGame(players, {}, seed);
        const first = viewers.map((v) => viewTable(g0, v));
        const patched = [...first];
        const last = [...first];
        playRandom(seed, players, 250, (g, ok, before, ev) => {
          if (!ok || !ev) return;
          viewers.forEach((v, i) => {
            // The log line names a moved card only to a viewer who saw it before or after.
            const text = logLine(before, g, ev, v).text;
            if (ev.change.type === "action" && ev.change.action.do === "move") {
              const old = before.cards.get(ev.change.action.card)!;
              const now = movedCard(before, g, ev.change.action.card);
              const eff = (x: TableGame): Viewer => (v === "all" && x.phase !== "finished" ? "spectator" : v);
              const seen = oracleSees(before, eff(before), old) || (!!now && oracleSees(g, eff(g), now));
              if (!seen) expect(text, `log line for ${v}`).to.not.contain(before.defs[old.def].name);
            }
            const view = viewTable(g, v);
            checkView(g, v === "all" && g.phase !== "finished" ? "spectator" : v, view);
            patched[i] = patchView(patched[i], diffView(last[i], view));
            last[i] = view;
          });
        });
        viewers.forEach((_, i) => expect(patched[i]).to.deep.equal(last[i]));
      }),
      { numRuns: RUNS, examples: [[1058455881, 1]] /* a goldfish game whose last signal is removed: the patch must drop the field */ },
    );
  });

  it("2,000 arbitrary events never throw and leave the game untouched when refused", () => {
    const rounds = LONG ? 20_000 : 2_000;
    const r = createRng(99);
    let g = playRandom(5, 4, 200).game;
    const early = playRandom(5, 4, 20).game;
    const valid = playRandom(5, 4, 260).events.slice(-40);
    let accepted = 0;
    // A card id: half the time one on the table, else any (most name no card).
    const anyId = () => {
      const have = [...g.cards.keys()];
      return r.int(2) && have.length ? Number(have[r.int(have.length)]) : r.int(2 ** 31);
    };
    for (let i = 0; i < rounds; i++) {
      const base = valid[r.int(valid.length)];
      const kind = r.int(8);
      let ev: unknown;
      if (kind === 0) ev = { ...base, seq: g.seq + 1 + r.int(3) - 1 }; // right or wrong seq
      else if (kind === 1) ev = { ...base, seq: g.seq + 1, actor: r.int(12) - 1 }; // unknown actors
      else if (kind === 2 && base.change.type === "action") ev = { ...base, seq: g.seq + 1, change: { ...base.change, action: { ...base.change.action, card: anyId() } } }; // invented cards
      else if (kind === 3 && base.change.type === "action") ev = { ...base, seq: g.seq + 1, change: { type: "action", action: base.change.action } }; // missing seeds and results
      else if (kind === 4) ev = { seq: g.seq + 1, actor: 0, t: 0, change: { type: "restore", undone: 1, game: r.int(2) ? { ...g, cards: { 1: { id: 1 } } } : early } }; // broken or sound restores
      else if (kind === 5) ev = [null, 1, "x", {}, { seq: "1" }, { seq: g.seq + 1, actor: 0, t: 0, change: { type: "boom" } }][r.int(6)];
      else if (kind === 6) ev = { seq: g.seq + 1, actor: r.int(4), t: 0, change: { type: "action", action: { do: "move", card: anyId(), zone: "hand", place: "top" }, seed: r.nextUint32() } };
      else ev = { seq: g.seq + 1, actor: r.int(4), t: 0, change: { type: "action", action: { do: ["tap", "draw", "passTurn", "rollDice", "keep", "pile"][r.int(6)], card: anyId(), n: r.int(3), on: true, sides: 6, bottom: [anyId()], cards: [anyId()], under: anyId() } } };
      const before = JSON.stringify(g);
      const out = applyEvent(g, ev);
      if (out.ok) {
        accepted++;
        expect(checkGame(out.game)).to.equal(null);
        expect(out.game.seq).to.equal(g.seq + 1);
        g = out.game;
      } else expect(JSON.stringify(g)).to.equal(before);
    }
    expect(accepted).to.be.greaterThan(0);
  });

  it("10,000 hostile intentions never throw and change nothing when refused", () => {
    const kinds = [...ACTION_KINDS, "", "__proto__", "constructor", "toString", "x".repeat(100)];
    const value = fc.oneof(
      fc.integer(),
      fc.integer({ min: -2, max: 300 }),
      fc.constantFrom(NaN, Infinity, -0, 1.5, 2 ** 53, null, undefined, true, "top", "battlefield", "hand", "library"),
      fc.string({ maxLength: 30 }),
      fc.array(fc.integer({ min: -1, max: 300 }), { maxLength: 6 }),
      fc.constant("y".repeat(600)),
      fc.record({ x: fc.integer(), y: fc.integer() }),
      fc.anything(),
    );
    const fields = ["card", "cards", "zone", "player", "place", "index", "pos", "n", "on", "name", "delta", "labels", "row", "power", "toughness", "to", "from", "toCard", "toPlayer", "players", "top", "bottom", "graveyard", "text", "sides", "winners", "value", "under"];
    const g = playRandom(3, 2, 80).game;
    const json = JSON.stringify(g);
    let accepted = 0;
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 }), fc.integer({ min: -2, max: 11 }), (kind, extra, actor) => {
        const r = resolve(g, actor, { ...extra, do: kind }, createRng(1), 0);
        if (r.ok) {
          accepted++;
          expect(checkGame(r.game)).to.equal(null);
        }
      }),
      { numRuns: LONG ? 100_000 : 10_000 },
    );
    expect(JSON.stringify(g)).to.equal(json);
    expect(accepted).to.be.greaterThan(0);
  });

  it("probing ids tells nothing: every card a seat cannot see is refused word for word as an id that does not exist", () => {
    let probed = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 4 }), (seed, players) => {
        const r = createRng(seed, 0x9b0);
        playRandom(seed, players, 120, (g, ok) => {
          if (!ok || r.int(12) !== 0) return;
          // Ids 1..60 (the old deal's numbers), every id on the table, and a few no card has.
          const invented = Array.from({ length: 8 }, () => 1 + r.int(MAX_CARD_ID)).filter((id) => !g.cards.get(id));
          const every = [...new Set([...Array.from({ length: 60 }, (_, i) => i + 1), ...[...g.cards.keys()].map(Number), ...invented])];
          for (let seat = 0; seat < players; seat++) {
            const templates: ((card: number) => unknown)[] = [
              (card) => ({ do: "tap", card, on: true }),
              (card) => ({ do: "move", card, zone: "graveyard", place: "top" }),
              (card) => ({ do: "show", card, to: "all" }),
              (card) => ({ do: "arrow", from: card, toPlayer: seat }),
              (card) => ({ do: "attach", card, to: card }),
              (card) => ({ do: "keep", bottom: [card] }),
            ];
            for (const make of templates) {
              const answers = new Set<string>();
              for (const id of every) {
                const c = g.cards.get(id);
                if (c && (oracleSees(g, seat, c) || wholeZone(g, seat, c.at))) continue;
                const out = resolve(g, seat, make(id), createRng(1), 0);
                answers.add(out.ok ? "accepted" : `${out.error.code}: ${out.error.message}`);
                probed++;
              }
              expect([...answers], `seat ${seat} probing ${JSON.stringify(make(0))}`).to.have.length(1);
            }
          }
        });
      }),
      { numRuns: RUNS * 2 },
    );
    expect(probed).to.be.greaterThan(1000);
  });

  it("ids carry nothing: no id follows a card to another zone, nor through a change of its place in a deck", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 4 }), (seed, players) => {
        playRandom(seed, players, 250, (g, ok, before) => {
          if (!ok) return;
          for (const [k, c] of g.cards) {
            const was = before.cards.get(k);
            if (!was || was.at === c.at) continue;
            // Only a change of control keeps an id (battlefield to battlefield, seen by all).
            expect([parseZoneKey(was.at)!.zone, parseZoneKey(c.at)!.zone], `card ${k} kept its id from ${was.at} to ${c.at}`).to.deep.equal(["battlefield", "battlefield"]);
          }
          for (const [key, ids] of Object.entries(g.zones)) {
            if (!["library", "schemes", "planes"].includes(parseZoneKey(key)!.zone)) continue;
            // Cards that kept their ids in a deck kept their order: a reordered card is a new id.
            const kept = ids.filter((id) => before.cards.get(id)?.at === key);
            const order = (before.zones[key] ?? []).filter((id) => kept.includes(id));
            expect(kept, `${key} reordered cards under their old ids`).to.deep.equal(order);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it("the deal's ids cannot be matched to decklist positions, and the same seed deals the same ids", () => {
    const deckOrder = (g: TableGame, p: number) => [...g.cards.values()].sort((a, b) => a.id - b.id).filter((c) => c.owner === p).map((c) => c.id);
    for (let seed = 1; seed <= 20; seed++) {
      const g = newGame(2, {}, seed);
      expect(deckOrder(newGame(2, {}, seed), 0)).to.deep.equal(deckOrder(g, 0));
      const all = [...g.cards.keys()].map(Number);
      expect(all.filter((id) => id <= 1000), "ids are spread over the whole range, not 1, 2, 3…").to.have.length.below(2);
      // The built-in deck has 52 different cards: in decklist order their ids rise as often as they fall.
      const std = setupTable(seed, { format: "free" }, 1);
      const byList = [...std.cards.values()].sort((a, b) => a.id - b.id).filter((c) => std.defs[c.def].name !== "Joker").sort((a, b) => a.def - b.def);
      expect(byList).to.have.length(52);
      let rising = 0;
      for (let i = 1; i < byList.length; i++) if (byList[i].id > byList[i - 1].id) rising++;
      expect(rising / (byList.length - 1)).to.be.within(0.25, 0.75);
    }
    expect(deckOrder(newGame(2, {}, 1), 0)).to.not.deep.equal(deckOrder(newGame(2, {}, 2), 0));
  });

  it("undo k of n equals never having done them (solo, unlimited undo)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 25 }), (seed, k) => {
        let g = newGame(1, {}, seed);
        const log = createLog(g, "unlimited");
        const pickR = createRng(seed, 1);
        const rng = createRng(seed, 2);
        const prints: string[] = [fingerprint(g)];
        for (let i = 0; i < 150; i++) {
          const it = randomIntention(g, pickR);
          const r = play(log, g, it.actor, it.action, rng, i);
          if (!r.ok) continue;
          g = r.game;
          if (it.action.do !== "chat") prints.push(fingerprint(g));
        }
        const n = prints.length - 1;
        const undo = Math.min(k, n);
        for (let i = 0; i < undo; i++) {
          const u = play(log, g, 0, { do: "undo" }, rng, 0);
          if (!u.ok) throw new Error(u.error.message);
          g = u.game;
        }
        expect(fingerprint(g)).to.equal(prints[n - undo]);
        expect(effective(log).filter((e) => e.change.type === "action" && e.change.action.do !== "chat")).to.have.length(n - undo);
        // every recorded moment can be rebuilt
        expect(fingerprint(gameAt(log, g.seq)!)).to.equal(fingerprint(g));
      }),
      { numRuns: RUNS * 3 },
    );
  });
});
