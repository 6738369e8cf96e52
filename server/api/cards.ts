// GET /api/cards: what card data this server holds (the deck stage says it; operators check an
// import): how many cards, from which file, when, and whether pictures are shown.
import express from "express";
import { cardStore } from "../cards/store.js";

export function cardsApi(): express.Router {
  const r = express.Router();
  r.get("/cards", (_req, res) => {
    const s = cardStore();
    const info = s.info();
    res.setHeader("Cache-Control", "no-cache");
    res.json(info ? { cards: info.cards, source: info.source, importedAt: info.importedAt, images: s.images && info.imageHosts.length > 0 } : { cards: 0, source: "", importedAt: "", images: false });
  });
  return r;
}
