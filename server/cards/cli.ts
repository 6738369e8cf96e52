// npm run cards:import FILE — a Scryfall bulk data file (oracle-cards or default-cards JSON,
// from https://scryfall.com/docs/api/bulk-data) into the server's card data (CARDS_DB, else
// DATA_DIR/cards.sqlite). A running server picks the new data up by itself.

import fs from "node:fs";
import cliProgress from "cli-progress";
import { importCards } from "./importer.js";
import { cardsPath } from "./store.js";

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file === "--help" || file === "-h") {
    console.log("Usage: npm run cards:import FILE\n\nFILE is a Scryfall bulk data file (oracle-cards or default-cards JSON). The card data goes to CARDS_DB, else DATA_DIR/cards.sqlite (now: " + cardsPath() + ").");
    process.exit(file ? 0 : 2);
  }
  if (!fs.existsSync(file)) {
    console.error(`No file at ${file}: download a bulk data file (oracle-cards or default-cards) from Scryfall and give its path.`);
    process.exit(2);
  }
  const target = cardsPath();
  const mb = (n: number) => (n / 1048576).toFixed(1);
  const bar = new cliProgress.SingleBar(
    { format: "Importing cards [{bar}] {percentage}% | {mbDone}/{mbTotal} MB | {cards} cards | {eta_formatted} left", noTTYOutput: true, notTTYSchedule: 5000, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const total = fs.statSync(file).size;
  bar.start(total, 0, { mbDone: "0.0", mbTotal: mb(total), cards: 0 });
  const t0 = process.hrtime.bigint();
  try {
    const r = await importCards(file, target, (p) => bar.update(p.bytes, { mbDone: mb(p.bytes), mbTotal: mb(p.total), cards: p.cards }));
    bar.stop();
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(`Imported ${r.cards} cards${r.skipped ? ` (${r.skipped} objects skipped: art cards and non-cards)` : ""} from ${mb(r.bytes)} MB in ${s.toFixed(1)} s into ${target}.`);
    console.log(r.imageHosts.length ? `Pictures come from ${r.imageHosts.join(", ")} (shown when the server runs with CARD_IMAGES=on).` : "The file names no pictures: cards are drawn.");
    console.log("A running server uses the new data from its next deck import; no restart needed.");
    // For `npm run bench cards`: this process's own time and peak memory.
    if (process.env.CARDS_IMPORT_STATS) fs.writeFileSync(process.env.CARDS_IMPORT_STATS, JSON.stringify({ seconds: s, cards: r.cards, bytes: r.bytes, maxRssKB: process.resourceUsage().maxRSS }));
  } catch (e) {
    bar.stop();
    console.error(`The import failed and the card data was not changed: ${(e as Error).message}`);
    process.exit(1);
  }
}

void main();
