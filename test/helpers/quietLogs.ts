// In-process test hubs log at `warn` and above unless LOG_LEVEL says otherwise: a suite
// makes thousands of rooms, and a `room.created` line each would bury mocha's report.
// Hub processes a test spawns log at info as in production (their output is kept, not shown).
import { createLogger, useLogger } from "../../server/ops/log.js";

if (!process.env.LOG_LEVEL) useLogger(createLogger({ ...process.env, LOG_LEVEL: "warn" }));
