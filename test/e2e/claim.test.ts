// "Continue on another device" in Chromium: the seat's owner makes a device link; a second
// browser context (a phone) opens it and plays the seat; the first is told its seat moved and
// cannot take it back (the claim rotated the seat token); the link works once. Spectators are never offered one.
import { expect } from "chai";
import { DESKTOP, PHONE, screenshot, waitHub, useBrowserHub } from "../helpers/e2e.js";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";

describe("e2e: continue on another device", function () {
  this.timeout(90_000);
  // a spent or made-up link answers 410 (the browser logs the failed fetch)
  const suite = useBrowserHub({ botDelayScale: 0.1, config: () => ({ botThreads: 0, ...LAX_ADDRESS_LIMITS }), tolerated: /WebSocket|ERR_|net::|status of 410/ });

  it("a device link moves the seat to a phone, the laptop is told, and the link works once", async () => {
    const laptop = await suite.open(DESKTOP, "#/games/connect4");
    await laptop.page.fill("input[name=name]", "Dev");
    await laptop.page.click("#connect4-solo-btn");
    const s = await waitHub(laptop.page, (x) => x.connection === "connected" && x.ready === true && typeof x.seat === "number", "the laptop's game");

    await laptop.page.click("#device-link-btn");
    await laptop.page.waitForSelector("#device-link-panel");
    const link = await laptop.page.inputValue("#device-link-panel-url");
    expect(link).to.match(/#\/claim\/[A-Za-z0-9_-]{32}$/);
    await screenshot(laptop.page, "claim-laptop-link");

    const phone = await suite.open(PHONE);
    await phone.page.goto(link);
    const p = await waitHub(phone.page, (x) => x.connection === "connected" && x.roomId === s.roomId && x.ready === true, "the phone in the game");
    expect(p.seat).to.equal(s.seat);
    expect(p.spectator ?? false).to.equal(false);
    expect(await phone.page.textContent(".room-title h1")).to.equal("Connect Four");
    await screenshot(phone.page, "claim-phone-playing");

    // the laptop lost the seat, and says where it went
    await laptop.page.waitForSelector("text=Your seat was taken over by another tab or device.");
    const l = await waitHub(laptop.page, (x) => x.connection !== "connected", "the laptop letting go");
    expect(l.connection).to.not.equal("connected");
    await screenshot(laptop.page, "claim-laptop-moved");
    // the laptop's old seat token was retired by the claim: a reload cannot take the seat back
    await laptop.page.reload();
    await laptop.page.waitForSelector("text=Your seat moved to another device");
    await screenshot(laptop.page, "claim-laptop-reload-refused");

    // the link is spent: a third browser is told so, in words, and takes nothing
    const third = await suite.open(DESKTOP);
    await third.page.goto(link);
    await third.page.waitForSelector("text=already used or has expired");
    const still = await waitHub(phone.page, (x) => x.connection === "connected", "the phone still playing");
    expect(still.seat).to.equal(s.seat);
  });

  it("spectators get no device link; a made-up link is refused in words", async () => {
    const host = await suite.open(DESKTOP, "#/games/connect4");
    await host.page.fill("input[name=name]", "Host");
    await host.page.click("#connect4-quick-btn");
    const s = await waitHub(host.page, (x) => x.connection === "connected" && !!x.roomId, "the host's room");
    expect(await host.page.isVisible("#device-link-btn")).to.equal(true);
    const watcher = await suite.open(DESKTOP, `#/spectate/${s.roomId}`);
    await waitHub(watcher.page, (x) => x.spectator === true && x.connection === "connected", "the watcher");
    expect(await watcher.page.isVisible("#device-link-btn")).to.equal(false);
    await watcher.page.goto(`${suite.base}#/claim/${"A".repeat(32)}`);
    await watcher.page.waitForSelector("text=already used or has expired");
  });
});
