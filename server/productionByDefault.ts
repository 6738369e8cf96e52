// Imported first by server/index.ts: production unless told otherwise (`npm run dev` sets
// development), before @colyseus/tools and Express read NODE_ENV. Express then hides stacks.
process.env.NODE_ENV ||= "production";
