#!/usr/bin/env node
// Development: the API with reload on change (port 3000) and Vite's dev server (port 5173,
// proxying the API). Open http://localhost:5173; without SMTP_URL, sign-in e-mails are listed at
// http://localhost:5173/dev/outbox.
import { spawn } from 'node:child_process';

const serverEnv = {
  ...process.env,
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
  ...(process.env.SMTP_URL ? {} : { DEV_OUTBOX: process.env.DEV_OUTBOX ?? 'true' }),
};
const procs = [
  spawn('node', ['--import', 'tsx', '--watch', 'server/src/main.ts'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
