/** Process start: configuration, database, mail, the app, and a graceful shutdown. */
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { systemClock } from './lib/clock.ts';
import { devOutboxMailer, smtpMailer, type DevOutbox, type Mailer } from './mail/mailer.ts';
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
  else mailer = outbox = devOutboxMailer((line) => console.log(line));

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
    logger: {
      level: config.logLevel,
      ...(config.env === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await mailer.close();
    await database.close();
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
