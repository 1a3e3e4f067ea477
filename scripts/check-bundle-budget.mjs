#!/usr/bin/env node
// CI step after `npm run build`: fails when a public route's first load passes the 100 kB budget
// (scripts/bundle-sizes.mjs; issue 26, docs/decisions/0018-public-pages-load-the-rest-on-first-use.md),
// so a heavy import on a public page is caught before it ships.
import { PUBLIC_BUDGET_GZIP, formatTable, kB, routeSizes } from './bundle-sizes.mjs';

const sizes = routeSizes();
const overBudget = sizes.filter((s) => s.isPublic && s.js.gzip > PUBLIC_BUDGET_GZIP);
if (overBudget.length > 0) {
  console.error(formatTable(sizes));
  for (const s of overBudget) {
    console.error(
      `Bundle budget exceeded: ${s.route} loads ${kB(s.js.gzip)} of JS (gzip) on a first visit; no public page may pass ${kB(PUBLIC_BUDGET_GZIP)}.`,
    );
  }
  process.exit(1);
}
console.log(`Bundle budget: every public route loads at most ${kB(PUBLIC_BUDGET_GZIP)} of JS (gzip) on a first visit.`);
