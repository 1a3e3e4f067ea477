/**
 * First contentful paint of the public profile (`/demo`) on a slow phone (issue 13): Chromium
 * with the CPU slowed 4× and a slow 4G network (150 ms, 1.6 Mbps down, 750 kbps up) through CDP,
 * no cache, a fresh browser context per load; median of three. In the same run, the same for a
 * page of plain HTML with the profile's words, from a bare Node server: the floor any page pays
 * for the network and the browser, so the ratio says how much of the time is the app's own.
 * Nothing is asserted on time.
 *
 * Needs Chromium at /usr/bin/chromium (CHROMIUM_PATH overrides) and builds the web app if no
 * production build is there. BENCH_RUNS sets the runs per page (default 3).
 */
import { chromium, type Browser } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp } from './app-process.ts';
import { ensureBuild } from '../scripts/bundle-sizes.mjs';
import { must } from '../server/test/support/must.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

interface Paint {
  fcp: number;
  lcp: number;
}

/** One cold load of `url` on the slow phone: its first and largest contentful paint, in ms. */
async function load(browser: Browser, url: string, ready: string): Promise<Paint> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 2, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.getByText(ready).first().waitFor({ timeout: 120_000 });
  // Written as the page's own script: the bench's types are Node's, without the browser's entry types.
  const paint = (await page.evaluate(`new Promise((resolve) => {
    let lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
      // LCP entries are all buffered by now (the page's content is on screen).
      if (fcp) setTimeout(() => resolve({ fcp: fcp.startTime, lcp }), 100);
    }).observe({ type: 'paint', buffered: true });
  })`)) as Paint;
  await context.close();
  return paint;
}

const median = (values: number[]) =>
  must(
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)],
    '[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]',
  );

const PLAIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Harbour Yoga &amp; Movement</title></head>
<body style="font-family:system-ui;margin:16px"><h1>Harbour Yoga &amp; Movement</h1><p>A small, friendly studio by the sea.</p><p>Choose a time</p></body></html>`;

ensureBuild();
const app = await startApp();
const plain = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PLAIN_PAGE));
await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const pages = [
    { name: 'plain HTML page (floor)', url: plainUrl, ready: 'Choose a time' },
    { name: '/demo (public profile)', url: `${app.url}/demo`, ready: 'Choose a time' },
  ];
  const results: { name: string; fcp: number; lcp: number; runs: Paint[] }[] = [];
  for (const { name, url, ready } of pages) {
    const runs: Paint[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await load(browser, url, ready));
    results.push({ name, fcp: median(runs.map((r) => r.fcp)), lcp: median(runs.map((r) => r.lcp)), runs });
  }
  console.log(`Chromium, 375 px phone, CPU 4× slower, slow 4G (150 ms, 1.6 Mbps); median of ${RUNS} cold loads.\n`);
  console.log(`${'page'.padEnd(28)}${'FCP ms'.padStart(9)}${'LCP ms'.padStart(9)}   runs (FCP)`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(28)}${r.fcp.toFixed(0).padStart(9)}${r.lcp.toFixed(0).padStart(9)}   ${r.runs.map((x) => x.fcp.toFixed(0)).join(', ')}`,
    );
  }
  const [floor, demo] = results as [(typeof results)[0], (typeof results)[0]];
  console.log(`\n/demo FCP / plain page FCP: ${(demo.fcp / floor.fcp).toFixed(2)}×   (goal: /demo FCP ≤ 1500 ms)`);
} finally {
  await browser.close();
  plain.close();
  await app.stop();
}
