// Mute, block and report on a phone (390×844) in Chromium: Ann's page opens a private
// Connect Four room, Ben (a real colyseus.js client with his own profile) joins and chats;
// Ann opens "Chat", mutes Ben (his next line never shows), blocks him and reports him with a
// reason; each step is said in words on the page, and the store holds the block and the report.
// Screenshots: test-results/safety-*.png.
import { expect } from "chai";
import { Client } from "colyseus.js";
import { openPrivateRoom, PHONE, screenshot, useBrowserHub } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS, Probe } from "../helpers/hub.js";
import { SqliteStore } from "../../server/store/index.js";
import { c4Grid } from "../helpers/connect4.js";

describe("e2e: mute, block and report on a phone", function () {
  this.timeout(120_000);
  let store = new SqliteStore(":memory:");
  const suite = useBrowserHub({ config: () => ({ store: (store = new SqliteStore(":memory:")), botThreads: 0, ...LAX_ADDRESS_LIMITS }) });

  it("Ann mutes, blocks and reports Ben from the room's Chat panel", async () => {
    const { page } = await suite.open(PHONE);
    const room = await openPrivateRoom(page, "connect4", "Ann");
    const made = await fetch(`${suite.base}api/profiles`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Ben" }) });
    const ben = (await made.json()) as { key: string; profile: { id: string } };
    const benRoom = await new Client(`ws://127.0.0.1:${suite.port}`).joinById(room.roomId!, { name: "Ben", profileKey: ben.key });
    const probe = new Probe(benRoom);
    const { seat } = await probe.next("seat", 0);

    benRoom.send("chat", { text: "hello Ann, good luck" });
    await page.waitForSelector("#chat-open:has-text('Chat (1)')");
    await page.click("#chat-open");
    await page.waitForSelector("#chat-lines li:has-text('hello Ann, good luck')");
    await page.waitForSelector(`#mute-${seat}`);
    await screenshot(page, "safety-phone-chat");

    // Mute: said in words; Ben's next line never reaches the page.
    await page.click(`#mute-${seat}`);
    await page.waitForSelector("#chat-status:has-text('Ben is muted')");
    expect(await page.textContent(`#mute-${seat}`)).to.equal("Unmute");
    benRoom.send("chat", { text: "you cannot hear this" });
    await probe.next("event", 0, (e) => e.kind === "chat" && e.text === "you cannot hear this");
    await page.waitForTimeout(400);
    expect(await page.locator("#chat-lines li").allTextContents()).to.deep.equal(["Ben: hello Ann, good luck"]);
    await screenshot(page, "safety-phone-muted");

    // Block.
    await page.click(`#block-${seat}`);
    await page.waitForSelector("#chat-status:has-text('Ben is blocked')");
    expect(await page.textContent(`#block-${seat}`)).to.equal("Unblock");

    // Report with a reason and a note.
    await page.click(`#report-${seat}`);
    await page.waitForSelector("#report-form:not([hidden])");
    expect(await page.textContent("#report-title")).to.equal("Report Ben to the moderators");
    await page.selectOption("#report-reason", "chat");
    await page.fill("#report-note", "rude in chat");
    await screenshot(page, "safety-phone-report");
    await page.click("#report-send");
    await page.waitForSelector("#chat-status:has-text('reached the moderators')");
    await screenshot(page, "safety-phone-reported");

    // Every control fits the phone's width, with finger-sized buttons.
    for (const id of [`#mute-${seat}`, `#block-${seat}`, `#report-${seat}`, "#chat-send"]) {
      const box = (await page.locator(id).boundingBox())!;
      expect(box.x + box.width, `${id} inside the screen`).to.be.at.most(390);
      expect(box.height, `${id} height`).to.be.at.least(36);
    }

    const reports = await store.safety.reports({ status: "open" });
    expect(reports).to.have.length(1);
    expect(reports[0]).to.deep.include({ reportedId: ben.profile.id, reason: "chat", note: "rude in chat" });
    expect(reports[0].evidence.chat.map((l) => l.text)).to.deep.equal(["hello Ann, good luck", "you cannot hear this"]);
    const ann = reports[0].reporterId;
    expect(await store.safety.listsOf(ann)).to.deep.equal({ mutes: [ben.profile.id], blocks: [ben.profile.id] });

    // The same profile in another tab: Ben's page says he is muted and blocked; Ann's own page lists both, undoable.
    const tab = await page.context().newPage();
    await tab.goto(`${suite.base}#/profile/${ben.profile.id}`);
    await tab.waitForSelector("#pr-block:has-text('Unblock')");
    expect(await tab.textContent("#pr-mute")).to.equal("Unmute");
    await tab.click("#pr-mute");
    await tab.waitForSelector("#pr-safety-status:has-text('Ben is no longer muted')");
    await screenshot(tab, "safety-phone-profile-other");
    await tab.goto(`${suite.base}#/profile/${ann}`);
    await tab.waitForSelector("#pr-safety li:has-text('Ben')");
    expect(await tab.locator("#pr-safety li").allTextContents()).to.deep.equal(["Ben (blocked) Unblock"]);
    await screenshot(tab, "safety-phone-profile-own");
    expect(await store.safety.listsOf(ann)).to.deep.equal({ mutes: [], blocks: [ben.profile.id] });
    await tab.close();
    await benRoom.leave();
  });

  it("Ben's name in the seat list, and the end screen, open Mute, Block and Report", async () => {
    const { page } = await suite.open(PHONE);
    const room = await openPrivateRoom(page, "connect4", "Ann");
    const made = await fetch(`${suite.base}api/profiles`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Ben" }) });
    const ben = (await made.json()) as { key: string };
    const benRoom = await new Client(`ws://127.0.0.1:${suite.port}`).joinById(room.roomId!, { name: "Ben", profileKey: ben.key });
    const probe = new Probe(benRoom);
    const { seat } = await probe.next("seat", 0);

    // The seat list: Ben's name is a button; Ann's own is not.
    const name = page.locator(`.gs-seat[data-seat='${seat}'] .gs-seat-name`);
    await name.waitFor();
    expect(await name.getAttribute("role")).to.equal("button");
    expect(await page.locator(`.gs-seat:not([data-seat='${seat}']) .gs-seat-name[role='button']`).count(), "Ann's own name").to.equal(0);
    await name.click();
    await page.waitForSelector("#chat-panel:not([hidden])");
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal(`mute-${seat}`);
    await screenshot(page, "safety-phone-from-seat");
    await page.click("#chat-close");

    // Play to the end: Ann drops in column 1, Ben in column 2; Ann's four in a column win.
    const discs = () => c4Grid(benRoom.state).filter((v) => v >= 0).length;
    for (let i = 0; benRoom.state.phase !== "finished" && i < 12; i++) {
      const before = discs();
      if (Array.from((benRoom.state.acting ?? []) as ArrayLike<number>).includes(seat)) benRoom.send("drop", { col: 1 });
      else await page.click("#c4-grid .c4-col[data-col='0']");
      await probe.until(() => discs() > before || benRoom.state.phase === "finished" || undefined, 10_000, "the disc");
    }
    await page.waitForSelector("#gs-end-people:not([hidden])");
    await screenshot(page, "safety-phone-end");
    await page.click("#gs-end-people");
    await page.waitForSelector("#chat-panel:not([hidden])");
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal(`mute-${seat}`);
    await benRoom.leave();
  });
});
