/**
 * The web tests run in VM contexts (vitest.config.ts, `pool: 'vmThreads'`), whose global object is
 * jsdom's window with only the globals jsdom defines: msw's fetch interceptor also needs the web
 * streams (TransformStream and the rest), which a browser has. Imported first by setup.ts.
 */
import * as streams from 'node:stream/web';

const globals = globalThis as Record<string, unknown>;
for (const [name, value] of Object.entries(streams)) globals[name] ??= value;
