// The contract kit over Auto Pets (contract.suite.ts), in a file of its own: its random games
// (five seats, every viewer's twin after every move) are the unit tests' longest, and
// `mocha --parallel` runs one file per worker. LONG=1 plays 10× the games.

import { GAMES } from "../../common/games.js";
import { contractSuite, OWN_FILE } from "./contract.suite.js";

for (const def of GAMES) if (def.id === "pets" && OWN_FILE.has(def.id)) contractSuite(def);
