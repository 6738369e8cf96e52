// A plain Auto Pets player for browser tests that need a seat played through the UI but do not
// test the table's every gesture (test/e2e/pets.test.ts does): it buys while gold lasts (five
// pets at most), keeps the first trade pick, passes through the confirmation, and at the
// arrange stage drags the top card to the bottom once a game, then presses Ready to battle.
// A battle on screen is left alone (the caller watches or skips it).
import type { Page } from "playwright-core";
import { cardDef } from "../../common/pets/index.js";
import { hub, waitHub } from "./e2e.js";
import type { PetsSnap, TableInput } from "./petsTable.js";

const isPet = (k: string) => cardDef(k).kind === "pet";

/** One step of this page's seat; what it did, or null when there was nothing to do (wait for a change). */
export async function playStep(page: Page, input: TableInput, done: Set<string> = new Set()): Promise<string | null> {
  const s = (await hub(page)) as PetsSnap & { holding?: boolean };
  if (s.phase !== "playing" || s.holding || s.animating) return null;
  const me = s.seat!;
  if (s.stage === "shop" && s.turn === me && !s.passed) {
    if (s.picks?.length) return (await input.tapCard("pick", 0)) ? "pick" : null;
    const hand = s.hand ?? [];
    const pets = hand.filter(isPet).length;
    const buyable = (s.cards ?? []).filter((c) => c.zone === "shop" && c.active);
    if ((s.gold ?? 0) > 0 && pets < 5 && buyable.length) {
      if (!(await input.tapCard("shop", buyable[0].index))) return null;
      await waitHub(page, (x) => (x as PetsSnap).gold !== s.gold || (x as PetsSnap).turn !== me, "the buy", 3000).catch(() => null);
      return "buy";
    }
    if (pets > 5) {
      await input.tapCard("hand", hand.findIndex(isPet));
      await input.tap("#pets-sell");
      await waitHub(page, (x) => ((x as PetsSnap).hand?.length ?? 0) !== hand.length, "the sale", 3000).catch(() => null);
      return "sell";
    }
    if (!(await page.isEnabled("#pets-pass"))) return null;
    await input.tap("#pets-pass");
    const asked = await page.waitForSelector("#pets-confirm:not([hidden])", { timeout: 3000 }).catch(() => null);
    if (!asked || !(await page.isEnabled("#pets-pass-yes").catch(() => false))) return null;
    await input.tap("#pets-pass-yes");
    await waitHub(page, (x) => (x as PetsSnap).passed === true || (x as PetsSnap).stage !== "shop", "the pass", 5000).catch(() => null);
    return "pass";
  }
  if (s.stage === "arrange" && !s.arranged) {
    const ready = (await waitHub(page, (x) => ((x as PetsSnap).cards ?? []).some((c) => c.zone === "order") || (x as PetsSnap).stage !== "arrange", "the deck order")) as PetsSnap;
    const n = (ready.cards ?? []).filter((c) => c.zone === "order").length;
    const key = `drag${ready.gameNo ?? 0}`;
    if (n >= 2 && !done.has(key)) {
      done.add(key);
      await input.drag(0, n);
    }
    await input.tap("#pets-arrange");
    await waitHub(page, (x) => (x as PetsSnap).arranged === true || (x as PetsSnap).stage !== "arrange", "the order locked in", 4000).catch(() => null);
    return "arrange";
  }
  return null;
}
