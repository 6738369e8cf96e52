// The layering, checked (test/common/layers.test.ts runs this in `npm test`; docs/architecture.md
// "Layers" says why each rule is there). `npx depcruise common server client arena.config.ts` shows violations.
//
// A "game folder" is any folder named after a game in the registry (common/games.ts). The generic
// modules below may not import from one: what a game does differently comes from its registry
// entry (client/games/registry.ts: ClientGame; server/games.ts; common/games.ts: GameDef).
// test/common/layers.test.ts checks that this list is the registry's room names.
const GAMES = "(minesweeper|cubestacc|connect4|pets|table|hearts)";
const GAME_FOLDER = `^(common|server/rooms|client/games)/${GAMES}/`;
const GENERIC = [
  "^server/rooms/base/",
  "^server/rooms/game/",
  "^server/(api|store|ratings|net|safety|ops|bots|tournaments)/",
  "^common/tournament/",
  "^server/(http|index|settings|monitor|scale)\\.ts$",
  "^arena\\.config\\.ts$",
  "^client/games/shell(\\.ts|/)",
  "^client/games/(focus|handle|keyedLayer|replayEngine|stage|types|tileArt)\\.ts$",
  "^client/(lobby|pages|ui|net|pwa)/",
  "^client/(main|hub|roomView)\\.ts$",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle makes two modules one idea in two files: whichever loads first sees " +
        "the other half-initialised. Type-only imports count too (they tie the files as tightly).",
      from: {},
      to: { circular: true },
    },
    {
      name: "common-is-pure",
      severity: "error",
      comment:
        "common/ holds the rules the server, the client and the tests share: it imports only " +
        "common/ (and no package with I/O; purity.test.ts checks clocks and randomness).",
      from: { path: "^common/" },
      to: { pathNot: "^common/", dependencyTypesNot: ["core"] },
    },
    {
      name: "common-no-node",
      severity: "error",
      comment: "common/ runs in the browser too: no node: modules.",
      from: { path: "^common/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "client-not-server",
      severity: "error",
      comment:
        "The client is built for the browser; from server/ it may take types only (import type), " +
        "which vanish in the build.",
      from: { path: "^client/" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-not-client",
      severity: "error",
      comment: "The server never imports the browser's code.",
      from: { path: "^(server|common)/" },
      to: { path: "^client/" },
    },
    {
      name: "generic-names-no-game",
      severity: "error",
      comment:
        "Generic modules serve every game alike; a game's own behaviour comes from its registry " +
        "entry, so a new game never edits them.",
      from: { path: GENERIC },
      to: { path: GAME_FOLDER },
    },
    {
      name: "no-unresolvable-own",
      severity: "error",
      comment: "An import of our own code that does not resolve would hide from every rule above.",
      from: {},
      to: { couldNotResolve: true, path: "^[.]" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/|^dist/" },
    // Type-only imports are edges of their own kind ("type-only"), so the client may take the
    // server's schema types while importing none of its code.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".js", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
