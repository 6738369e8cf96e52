// Worker entry from TypeScript (tests, dev): load tsx's ESM hooks inside the thread (Node 20 does
// not carry the parent's `--import tsx` hooks into worker threads), then the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./verifyWorker.ts");
