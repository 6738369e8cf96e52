// Entry point: `npm start` (tsx server/index.ts).
import { listen } from "@colyseus/tools";
import config from "../arena.config.js";

listen(config, Number(process.env.PORT) || 2567);
