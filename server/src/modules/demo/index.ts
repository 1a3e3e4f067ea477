/** The first-run demo studio. */
export { seedDemoIfEmpty } from './demo-seed.ts';
