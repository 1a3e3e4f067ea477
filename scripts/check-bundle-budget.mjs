#!/usr/bin/env node
// CI step after `npm run build`: fails when a public route's first load passes the ceiling, or a
// route marked as meeting the 100 kB budget (the profile, /demo) passes it (scripts/bundle-sizes.mjs), so
// a heavy import on a public page is caught before it ships; says which public routes are still
// over the budget.
import { PUBLIC_BUDGET_GZIP, PUBLIC_CEILING_GZIP, formatTable, kB, routeSizes } from './bundle-sizes.mjs';

const sizes = routeSizes();
const publicRoutes = sizes.filter((s) => s.isPublic);
const overCeiling = publicRoutes.filter((s) => s.js.gzip > PUBLIC_CEILING_GZIP);
const overBudget = publicRoutes.filter((s) => s.js.gzip > PUBLIC_BUDGET_GZIP);
const leftBudget = overBudget.filter((s) => s.withinBudget);
if (overCeiling.length > 0 || leftBudget.length > 0) {
  console.error(formatTable(sizes));
  for (const s of overCeiling) {
    console.error(
      `Bundle ceiling exceeded: ${s.route} loads ${kB(s.js.gzip)} of JS (gzip) on a first visit; no public page may pass ${kB(PUBLIC_CEILING_GZIP)}.`,
    );
  }
  for (const s of leftBudget) {
    console.error(
      `Bundle budget exceeded: ${s.route} loads ${kB(s.js.gzip)} of JS (gzip) on a first visit; it must stay within ${kB(PUBLIC_BUDGET_GZIP)}.`,
    );
  }
  process.exit(1);
}
if (overBudget.length > 0) {
  console.log(
    `Bundle size: every public route is within the ${kB(PUBLIC_CEILING_GZIP)} ceiling; still over the ${kB(PUBLIC_BUDGET_GZIP)} budget: ` +
      overBudget.map((s) => `${s.route} ${kB(s.js.gzip)}`).join(', '),
  );
} else {
  console.log(`Bundle budget: every public route loads at most ${kB(PUBLIC_BUDGET_GZIP)} of JS (gzip) on a first visit.`);
}
