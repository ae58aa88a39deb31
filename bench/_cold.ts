import { freshDatabase, siteEnv, startSite, stopChild } from "/work/main/bench/site";
const db = freshDatabase("cold");
const env = siteEnv(4290, db);
const a = await startSite(env); console.error("first (seed)", Math.round(a.readyMs)); await stopChild(a.child);
for (let i = 0; i < 3; i++) { const b = await startSite(env); console.error("cold", Math.round(b.readyMs)); await stopChild(b.child); }
