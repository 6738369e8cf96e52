// The safety tables on both databases (SQLite and a real PostgreSQL server the test starts):
// mute and block lists kept on the profile, "blocked" seen from both sides, reports bounded
// per reporter a day, upheld reports counted, sanctions holding until their time, the audit
// log, and "Forget me" taking the lists.

import { expect } from "chai";
import { SqliteStore, type Evidence, type SqlStore } from "../../server/store/index.js";
import { PgStore } from "../../server/store/PgStore.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";

const LIMIT = { perAddress: 100, windowMs: 24 * 3600_000 };
const DAY = 24 * 3600_000;
let seq = 0;

const evidence = (over: Partial<Evidence> = {}): Evidence => ({
  game: "connect4",
  roomId: "R1",
  gameId: null,
  seats: ["Ada", "Bob"],
  reportedName: "Bob",
  chat: [{ seat: 1, name: "Bob", text: "hello", at: 5 }],
  log: null,
  publicView: { board: [] },
  ...over,
});

let server: PostgresServer | null = null;
const backends: { name: string; open(): Promise<SqlStore> }[] = [
  { name: "SQLite", open: async () => new SqliteStore(":memory:") },
  {
    name: "PostgreSQL",
    open: async () => {
      if (!server) throw new Error("no PostgreSQL");
      return PgStore.open(await server.createDatabase("safety"));
    },
  },
];

before(async function () {
  this.timeout(60_000);
  server = await testPostgres();
});

for (const backend of backends) {
  describe(`store (${backend.name}): mutes, blocks, reports, sanctions, audit log`, function () {
    this.timeout(60_000);
    let store: SqlStore;

    beforeEach(async function () {
      if (backend.name === "PostgreSQL" && !server) return this.skip();
      store = await backend.open();
    });
    afterEach(async () => {
      await store?.close();
    });

    async function profile(): Promise<string> {
      seq++;
      const id = `s${String(seq).padStart(11, "0")}`;
      await store.createProfile({ id, name: `P${seq}`, keyHash: `k${seq}`, addressHash: `a${seq}`, now: 1000 }, LIMIT);
      return id;
    }

    it("keeps mute and block lists on the profile, sees a block from both sides, and forgets them with the profile", async () => {
      const [a, b, c] = [await profile(), await profile(), await profile()];
      await store.safety.setListed(a, b, "mute", true, 10);
      await store.safety.setListed(a, b, "mute", true, 11); // twice: kept once
      await store.safety.setListed(a, c, "block", true, 12);
      expect(await store.safety.listsOf(a)).to.deep.equal({ mutes: [b], blocks: [c] });
      expect(await store.safety.avoidedBy(a)).to.deep.equal([c]);
      expect(await store.safety.avoidedBy(c), "the blocked side avoids too").to.deep.equal([a]);
      expect(await store.safety.avoidedBy(b), "a mute is no block").to.deep.equal([]);
      await store.safety.setListed(a, b, "mute", false, 13);
      expect((await store.safety.listsOf(a)).mutes).to.deep.equal([]);
      await store.forgetProfile(c);
      expect(await store.safety.avoidedBy(a)).to.deep.equal([]);
    });

    it("files reports with their evidence, at most perDay a day per reporter", async () => {
      const [a, b] = [await profile(), await profile()];
      const now = 10 * DAY;
      const first = await store.safety.fileReport({ reporterId: a, reportedId: b, reason: "chat", note: "rude", evidence: evidence(), now }, 2);
      expect(first).to.deep.include({ reporterId: a, reportedId: b, reason: "chat", status: "open", game: "connect4", roomId: "R1" });
      expect(first!.evidence).to.deep.equal(evidence());
      expect(await store.safety.fileReport({ reporterId: a, reportedId: b, reason: "name", note: "", evidence: evidence(), now: now + 1 }, 2)).to.not.equal(null);
      expect(await store.safety.fileReport({ reporterId: a, reportedId: b, reason: "name", note: "", evidence: evidence(), now: now + 2 }, 2), "the third today").to.equal(null);
      expect(await store.safety.fileReport({ reporterId: a, reportedId: b, reason: "name", note: "", evidence: evidence(), now: now + DAY + 1 }, 2), "a day later").to.not.equal(null);
      expect((await store.safety.reports({ status: "open" })).map((r) => r.id)).to.have.length(3);
      expect(await store.safety.report(first!.id)).to.deep.equal(first);
    });

    it("resolves an open report once and counts upheld reports against a profile", async () => {
      const [a, b] = [await profile(), await profile()];
      const r1 = (await store.safety.fileReport({ reporterId: a, reportedId: b, reason: "chat", note: "", evidence: evidence(), now: 5 }, 10))!;
      const r2 = (await store.safety.fileReport({ reporterId: a, reportedId: b, reason: "chat", note: "", evidence: evidence(), now: 6 }, 10))!;
      expect(await store.safety.upheldAgainst(b)).to.equal(0);
      expect(await store.safety.resolveReport(r1.id, "upheld", "mod-ann", 7)).to.equal(true);
      expect(await store.safety.resolveReport(r1.id, "dismissed", "mod-ann", 8), "no longer open").to.equal(false);
      expect(await store.safety.resolveReport(r2.id, "dismissed", "mod-ann", 9)).to.equal(true);
      expect(await store.safety.upheldAgainst(b)).to.equal(1);
      expect(await store.safety.report(r1.id)).to.deep.include({ status: "upheld", resolvedBy: "mod-ann", resolvedAt: 7 });
      expect(await store.safety.reports({ status: "open" })).to.deep.equal([]);
    });

    it("holds sanctions until their time and keeps an audit log, newest first", async () => {
      const b = await profile();
      await store.safety.addSanction({ profileId: b, kind: "ban", reason: "abuse", createdAt: 100, until: 100 + DAY, moderator: "ann" });
      await store.safety.addSanction({ profileId: b, kind: "mute", reason: "spam", createdAt: 100, until: 200, moderator: "ann" });
      expect((await store.safety.sanctionsOf(b, 150)).map((s) => s.kind)).to.deep.equal(["mute", "ban"]);
      expect((await store.safety.sanctionsOf(b, 300)).map((s) => s.kind)).to.deep.equal(["ban"]);
      expect(await store.safety.sanctionsOf(b, 200 + DAY)).to.deep.equal([]);
      await store.safety.logAction({ at: 1, moderator: "ann", action: "ban", profileId: b, reportId: null, detail: "1 day" });
      await store.safety.logAction({ at: 2, moderator: "bo", action: "dismiss", profileId: null, reportId: 4, detail: "" });
      const log = await store.safety.auditLog(10);
      expect(log.map((e) => [e.moderator, e.action, e.profileId, e.reportId])).to.deep.equal([
        ["bo", "dismiss", null, 4],
        ["ann", "ban", b, null],
      ]);
    });
  });
}
