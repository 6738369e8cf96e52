// Auto Pets' arena in the browser, on a phone by touch: the store holds teams a person
// recorded at rounds 1–3 (two days ago), none at rounds 4–6. The run starts from the game
// page's Arena run button and is played through the table (buy, arrange by drag, Ready to
// battle, pass); each battle names whose team it was — "Ann's round-3 team, 2 days ago" for a
// recorded one, the bot wording where none was recorded — then the end screen says the run's
// result, the store holds the run (mode arena) with the runner's own decks left for later
// runs, and My games lists it. Screenshots: test-results/pets-arena-*.png.
import { expect } from "chai";
import type { Page } from "playwright-core";
import { gamePage, hub, PHONE, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";
import { touchTable, type PetsSnap } from "../helpers/petsTable.js";
import { playStep } from "../helpers/petsPlay.js";
import { SqliteStore } from "../../server/store/index.js";

const DAY = 86_400_000;
type Hook = { playing: boolean; title: string; step: string; held: boolean; line: string };
const battleHook = (page: Page): Promise<Hook | null> =>
  page.evaluate(() => (window as unknown as { __petsBattle?: { state(): Hook } }).__petsBattle?.state() ?? null);

describe("e2e: Auto Pets arena run on a phone", function () {
  this.timeout(180_000);
  const store = new SqliteStore(":memory:");
  const suite = useBrowserHub({ botDelayScale: 0.05, config: () => ({ store, botThreads: 0 }) });

  before(() => {
    const at = Date.now() - 2 * DAY;
    const teams = [
      { name: "Ann", round: 1, trophies: 0, lineup: ["ant", "fish", "otter"], at },
      { name: "Ann", round: 2, trophies: 0, lineup: ["worm", "ant", "fish"], at },
      { name: "Ann", round: 2, trophies: 1, lineup: ["worm", "rat", "ant"], at },
      { name: "Ann", round: 3, trophies: 0, lineup: ["ant", "fish", "otter", "worm"], at },
      { name: "Ann", round: 3, trophies: 1, lineup: ["ant", "fish", "otter", "rat"], at },
      { name: "Ann", round: 3, trophies: 2, lineup: ["ant", "worm", "otter", "rat"], at },
    ];
    store.recordGame({ game: "pets", roomId: "SEED", seed: 1, config: { seats: 2 }, seats: ["Ann", "Bob"], log: [], result: "won", startedAt: at - 60_000, endedAt: at, teams });
  });

  it("from the game page to the run's end: recorded teams named and dated, the bot's stand-in said so, the result stored and in My games", async () => {
    const { page, context } = await suite.open(PHONE);
    const input = touchTable(page, await context.newCDPSession(page));
    await gamePage(page, "pets");
    await page.fill("input[name=name]", "Zed");
    await page.waitForSelector("#pets-arena-btn");
    await screenshot(page, "pets-arena-phone-game-page");
    await input.tap("#pets-arena-btn");
    await waitHub(page, (s) => (s as PetsSnap).game === "pets" && s.phase === "playing" && ((s as PetsSnap).cards ?? []).some((c) => c.zone === "shop"), "the arena's first shop");
    expect(await page.textContent(".room-sub")).to.match(/Arena run/);
    await screenshot(page, "pets-arena-phone-shop");

    const titles = new Map<number, string>();
    const done = new Set<string>();
    for (let i = 0; i < 900; i++) {
      const s = (await hub(page)) as PetsSnap & { holding?: boolean };
      if (s.phase === "finished" && !s.animating) break;
      const b = await battleHook(page);
      if (b?.playing && b.title) {
        const round = Number(/^Round (\d)/.exec(b.title)?.[1]);
        if (!titles.has(round)) {
          titles.set(round, b.title);
          // Round 3 (a person's team) and round 5 (a bot's) on screen, then skip each battle.
          if (round === 3 || round === 5) {
            await page.waitForTimeout(700);
            await screenshot(page, `pets-arena-phone-battle-r${round}`);
            // On the canvas and in the spoken lines the opponent is the short "Ann's team" (the title says the rest).
            const line = (await battleHook(page))?.line ?? "";
            expect(line, "the battle's line").to.not.match(/days ago|recorded yet/);
          }
        }
        await input.tap("#pets-skip");
        await page.waitForTimeout(60);
        continue;
      }
      if (!(await playStep(page, input, done))) await page.waitForTimeout(80);
    }
    expect([...titles.keys()].sort(), "every round's battle was shown").to.deep.equal([1, 2, 3, 4, 5, 6]);
    for (const r of [1, 2, 3]) expect(titles.get(r), `round ${r}: a recorded team`).to.equal(`Round ${r}: You vs Ann's round-${r} team, 2 days ago`);
    for (const r of [4, 5, 6]) expect(titles.get(r), `round ${r}: the bot's stand-in`).to.match(new RegExp(`^Round ${r}: You vs Bot \\w+'s round-${r} team \\(no player's team recorded yet\\)$`));

    const end = (await waitHub(page, (s) => s.phase === "finished" && !(s as PetsSnap).animating, "the run's end", 30_000)) as PetsSnap;
    await page.waitForSelector("#gs-end:not([hidden])");
    const trophies = end.trophies![0];
    const title = (await page.textContent("#gs-end"))!;
    expect(title).to.contain(`Arena run over: ${trophies} ${trophies === 1 ? "trophy" : "trophies"}`);
    await screenshot(page, "pets-arena-phone-end");

    // The run is stored as every game is, and leaves Zed's decks for later runs.
    const stored = store.recentGames({ game: "pets", roomId: String(end.roomId) });
    expect(stored.map((g) => [g.mode, g.result]), "the stored run").to.deep.equal([["arena", `${trophies} ${trophies === 1 ? "trophy" : "trophies"}`]]);
    expect(store.arenaTeams({ game: "pets", round: 1, trophies: 0 }).map((t) => t.name)).to.include("Zed");

    // My games lists it, and says what it was.
    await page.evaluate(() => (location.hash = "#/me"));
    await page.click("#leave-confirm", { timeout: 3000 }).catch(() => undefined);
    const row = page.locator("#mg-list .mg-game").first();
    await row.waitFor({ timeout: 10_000 });
    const text = (await row.textContent())!;
    expect(text).to.match(/Auto Pets · arena run/);
    expect(text).to.contain(`${trophies} ${trophies === 1 ? "trophy" : "trophies"}`);
    await screenshot(page, "pets-arena-phone-my-games");
  });
});
