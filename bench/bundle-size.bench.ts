/**
 * What a first visit of each route downloads: the JS and CSS of the entry, the route's page chunk
 * and their static imports, raw, gzip and brotli (node:zlib, highest levels), read from the web
 * build's manifest. Public routes are shown against their JS budget, which
 * scripts/check-bundle-budget.mjs enforces in CI. Builds the web app first when there is no build.
 */
import { ensureBuild, formatTable, routeSizes } from '../scripts/bundle-sizes.mjs';

ensureBuild();
console.log(formatTable(routeSizes()));
