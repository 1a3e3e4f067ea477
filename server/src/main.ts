/** Process start: configuration, database, mail, the app, and a graceful shutdown. */
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { systemClock } from './lib/clock.ts';
import { devOutboxMailer, smtpMailer, type DevOutbox, type Mailer } from './mail/mailer.ts';
import { mailBox } from './mail/mail-box.ts';
import { seedDemoIfEmpty } from './modules/demo/index.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  const database = await openDatabase(config.database);
  let outbox: DevOutbox | undefined;
  let mailer: Mailer;
  if (config.smtpUrl) mailer = smtpMailer(config.smtpUrl, config.mailFrom);
  else mailer = outbox = devOutboxMailer((m) => console.log(mailBox(m, Boolean(process.stdout.isTTY))));

  if (config.seedDemo && (await seedDemoIfEmpty(database.db, systemClock))) {
    console.log('Seeded the demo provider: open /demo, or sign in as demo@example.com.');
  }

  const app = await buildApp({
    config,
    db: database.db,
    onConnectionError: database.onConnectionError,
    changes: database.changes,
    clock: systemClock,
    mailer,
    outbox,
    ...(await logging(config.env === 'development', config.logLevel)),
  });

  // What a supervisor (systemd, a container runtime, `npm start` passing on Ctrl-C) sends: stop
  // taking requests, let those in flight finish, release the jobs, close the database, exit 0.
  // A shutdown that hangs is cut short before a supervisor's usual 10 s grace period ends; a
  // second signal (Ctrl-C twice) ends the process at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'stopping now, without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took longer than 8 s: stopping without waiting');
      process.exit(1);
    }, 8_000).unref();
    try {
      await app.close();
      await mailer.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Stopped by app.close() (app.ts), after the requests in flight.
  await app.jobs.start();
  console.log(
    `Slotted is running at ${config.appUrl} (database: ${database.engine}${config.database.kind === 'pglite' ? ` in ${config.database.dir}` : ''})`,
  );
  if (outbox && config.devOutbox) console.log(`No SMTP_URL: sign-in e-mails go to ${config.appUrl}/dev/outbox and this console.`);
  else if (outbox)
    console.log('No SMTP_URL: sign-in e-mails are printed to this console (DEV_OUTBOX=true also lists them at /dev/outbox).');
}

/**
 * Production logs one JSON line per event (requests included) for a log collector. Development
 * prints readable lines, without the two lines per request unless LOG_LEVEL=debug, so the sign-in
 * e-mail stands out; pino-pretty runs in this thread (a transport would start a worker thread,
 * about 10 MB more) and is loaded only then.
 */
async function logging(development: boolean, level: string) {
  if (!development) return { logger: { level } };
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return { logger: { level, stream }, requestLogLevel: 'debug' as const };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
