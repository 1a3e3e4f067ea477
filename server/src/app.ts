/**
 * Builds the whole application from its parts. No globals: the database, clock, mailer and
 * configuration are passed in, so tests build as many isolated apps as they like.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { MembershipPaymentOption } from '@slotted/contract';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { databaseHealth } from './db/database-health.ts';
import type { Clock } from './lib/clock.ts';
import type { DevOutbox, Mailer } from './mail/mailer.ts';
import { mailOutbox } from './mail/mail-outbox.ts';
import { registerHousekeeping } from './jobs/housekeeping.ts';
import { jobRunner, type JobRunner } from './jobs/job-runner.ts';
import { devOutboxRoutes } from './mail/dev-outbox.routes.ts';
import { openApiTransform, SESSION_SCHEME, XSRF_SCHEME } from './lib/api-route.ts';
import { registerAuth, sessionCookieName } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { safeLogging } from './lib/log-serializers.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { watchRouteTable } from './plugins/route-table.ts';
import { availabilityRoutes } from './modules/availability/index.ts';
import { availabilityService } from './modules/availability/index.ts';
import { classesRoutes } from './modules/classes/index.ts';
import { classesService } from './modules/classes/index.ts';
import { scheduleRoutes } from './modules/schedule/index.ts';
import { scheduleService } from './modules/schedule/index.ts';
import { insightsRoutes, insightsService } from './modules/insights/index.ts';
import { calendarFeedsRoutes, calendarFeedsService } from './modules/calendar-feeds/index.ts';
import { caldavClient, calendarConnectionsRoutes, calendarConnectionsService } from './modules/calendar-connections/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { profileFirstPaint, profileService } from './modules/profile/index.ts';
import { ProviderChanges } from './modules/public-cache/index.ts';
import { slotsRoutes } from './modules/slots/index.ts';
import { providerInputs, slotsService, timetableService } from './modules/slots/index.ts';
import { appointmentsRoutes } from './modules/appointments/index.ts';
import { appointmentsService } from './modules/appointments/index.ts';
import { paymentOptions } from './modules/appointments/index.ts';
import { membershipsRoutes } from './modules/memberships/index.ts';
import { membershipsService } from './modules/memberships/index.ts';
import { identityProviders } from './modules/social/index.ts';
import { socialRoutes } from './modules/social/index.ts';
import { socialService } from './modules/social/index.ts';
import { appConfigRoutes } from './modules/app-config/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { authService } from './modules/auth/index.ts';
import { imagesRoutes } from './modules/images/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { meRoutes } from './modules/me/index.ts';
import { meService } from './modules/me/index.ts';
import { cardPayments as createCardPayments, webhookRoutes, WEBHOOK_PATH } from './modules/payments/index.ts';
import { connectRoutes, connectService } from './modules/payments/index.ts';
import { plansRoutes } from './modules/plans/index.ts';
import { plansService } from './modules/plans/index.ts';
import { servicesRoutes } from './modules/services/index.ts';
import { waitlistRoutes, waitlistService } from './modules/waitlist/index.ts';
import { servicesService } from './modules/services/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: main.ts starts them polling, tests run them when they choose. */
    jobs: JobRunner;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** The pool's reports of broken idle connections (PostgreSQL). */
  onConnectionError?: Database['onConnectionError'];
  /** The database's change notifications; without them every public answer is read from the database. */
  changes?: Database['changes'];
  clock: Clock;
  mailer: Mailer;
  /** Present when mail goes to the development outbox instead of SMTP; listed at /dev/outbox only with DEV_OUTBOX. */
  outbox?: DevOutbox;
  logger?: boolean | object;
  /**
   * The level of the two lines Fastify logs per request ('incoming request', 'request completed'):
   * `info` (the default: production logs every request) or `debug` (development: a quiet terminal).
   */
  requestLogLevel?: 'info' | 'debug';
}

/** Fastify's own two lines per request, one level down (failed requests stay at error). */
class QuietRequestLines extends LogController {
  override incomingRequest(req: FastifyRequest) {
    req.log.debug({ req }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (error) super.requestCompleted(error, req, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Multipart limits: a little over the largest image we accept, so we can say "too big" ourselves. */
const UPLOAD_LIMITS = { fileSize: 4 * 1024 * 1024, files: 4, fields: 40, fieldSize: 64 * 1024 };

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock, mailer } = deps;
  const app = Fastify({
    logger: deps.logger ? { ...(deps.logger === true ? {} : deps.logger), ...safeLogging } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...(deps.requestLogLevel === 'debug' ? { logController: new QuietRequestLines() } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const database = databaseHealth({ db, log: app.log, onConnectionError: deps.onConnectionError });
  app.addHook('onClose', async () => database.stop());
  registerErrorHandler(app, database);
  registerSecurityHeaders(app, { secure: config.secure, stripeApiUrl: config.stripe?.apiUrl ?? null });

  // Answers over 1 kB go brotli or gzip (the 180-day slots answer: 358 kB raw). Built web assets
  // are compressed once at build time instead (plugins/spa.ts), and images are already compressed.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Slotted API', version: '1.0.0' },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config),
            description: 'Set by signing in (POST /api/magic-link, POST /api/create-user).',
          },
          [XSRF_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-XSRF-TOKEN',
            description: 'The XSRF-TOKEN cookie (GET /sanctum/csrf-cookie), echoed by every state-changing request.',
          },
        },
      },
    },
    transform: openApiTransform,
  });

  // Every API route comes from the contract's route table (plugins/route-table.ts).
  const routeTable = watchRouteTable(app);

  const jobs = jobRunner({ db, clock, log: app.log, databaseFailed: (err) => database.failed(err) });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  const mail = mailOutbox({ db, clock, mailer, jobs });
  registerHousekeeping(jobs, {
    db,
    clock,
    rateLimitWindowMinutes: config.loginLimits.windowMinutes,
    // Class places given back by expired holds go to the waitlist (built below; called only later, by jobs).
    placesFreed: (tx, slotIds, cause) => waitlist.hooks.placesFreed(tx, slotIds, cause),
  });

  // Card payments (D12), or null without Stripe keys (D11).
  const payments = config.stripe ? createCardPayments({ config: config.stripe, db, clock, jobs, log: app.log }) : null;
  await app.register(webhookRoutes, { payments });

  // Stripe authenticates its events by their signature, not by a session.
  const sessions = registerAuth(app, { db, clock, config, csrfExempt: [WEBHOOK_PATH] });
  const me = meService({ db, clock, cardPayments: payments !== null });
  const auth = authService({ db, clock, mail, appUrl: config.appUrl, loginLimits: config.loginLimits });

  await app.register(authRoutes, { auth, sessions, me });
  await app.register(meRoutes, { me });
  await app.register(connectRoutes, {
    connect: payments && connectService({ db, clock, payments, appUrl: config.appUrl }),
    secure: config.secure,
  });
  await app.register(socialRoutes, {
    social: socialService({ db, clock, appUrl: config.appUrl, providers: identityProviders(config, clock) }),
    sessions,
    config,
  });
  const availability = availabilityService({
    db,
    clock,
    // The waitlist (built below) closes its lines at the new notice.
    noticeChanged: (tx, providerId) => waitlist.hooks.noticeChanged(tx, providerId),
  });
  const classes = classesService({
    db,
    clock,
    availability,
    bookingsCancelled: (tx, ids) => appointments.classBookingsCancelled(tx, ids),
    occurrencesCancelled: (tx, ids) => waitlist.hooks.occurrencesCancelled(tx, ids),
    occurrencesChanged: (tx, providerId, ids) => calendars.occurrencesChanged(tx, providerId, ids),
    cancellationCommitted: () => payments?.wake(),
  });
  // The provider's part of the slot engine's input, kept per version for listing and booking alike.
  const inputs = providerInputs({ db, availability, classes });
  await app.register(servicesRoutes, { services: servicesService({ db, clock }) });
  await app.register(plansRoutes, { plans: plansService({ db, clock }) });
  await app.register(availabilityRoutes, { availability, clock });
  // Calendar connections (D17): read and written by jobs, never on the request path.
  const calendars = calendarConnectionsService({
    db,
    clock,
    jobs,
    caldav: caldavClient({ allowPrivate: config.calendars.allowPrivateHosts }),
    encryptionKey: config.calendars.encryptionKey,
    appUrl: config.appUrl,
    log: app.log,
  });
  calendars.register();
  await app.register(calendarConnectionsRoutes, { calendars });
  const appointments = appointmentsService({
    db,
    clock,
    mail,
    jobs,
    calendar: calendars,
    appUrl: config.appUrl,
    availability,
    classes,
    inputs,
    payments,
    bookingLimits: config.bookingLimits,
    // The waitlist uses the bookings' places, so its hooks are bound late (docs/product-rules.md#waitlist).
    waitlist: {
      placesFreed: (tx, slotIds, cause) => waitlist.hooks.placesFreed(tx, slotIds, cause),
      othersWaiting: (tx, slotId, clientId) => waitlist.hooks.othersWaiting(tx, slotId, clientId),
    },
  });
  const waitlist = waitlistService({ db, clock, mail, jobs, appUrl: config.appUrl, availability, appointments });
  payments?.settles('appointment', (tx, payment, now) => appointments.cardPaid(tx, payment, now));
  const memberships = membershipsService({
    db,
    clock,
    mail,
    appUrl: config.appUrl,
    // A purchase is paid the ways a booking is (docs/product-rules.md#confirmation-and-payment-options).
    paymentOptions: (provider, missingPayment, priceCents) =>
      paymentOptions(provider, missingPayment, payments !== null, priceCents).filter(
        (o): o is MembershipPaymentOption => o === 'pay_now' || o === 'in_person',
      ),
    bookingLimits: config.bookingLimits,
    payments,
    jobs,
  });
  if (payments) {
    payments.settles('membership', memberships.settleCardPayment);
    payments.onEvent('invoice.paid', memberships.invoicePaid);
    payments.onEvent('invoice.payment_failed', memberships.invoicePaymentFailed);
    payments.onEvent('customer.subscription.deleted', memberships.subscriptionChanged);
    payments.onEvent('customer.subscription.updated', memberships.subscriptionChanged);
  }
  await app.register(classesRoutes, { classes });
  await app.register(appointmentsRoutes, { appointments });
  await app.register(waitlistRoutes, { waitlist });
  await app.register(membershipsRoutes, { memberships });
  // Which providers' answers changed, pushed by the database (docs/decisions/0017-pushed-provider-changes.md).
  const changes = new ProviderChanges(deps.changes);
  await app.register(slotsRoutes, {
    slots: slotsService({ db, clock, changes, inputs }),
    timetable: timetableService({ db, clock, availability, classes }),
  });
  const profile = profileService({ db, availability, changes });
  await app.register(profileRoutes, { profile });
  await app.register(scheduleRoutes, {
    schedule: scheduleService({
      db,
      clock,
      beforeRead: async (provider) => classes.extendTimetables(provider, await availability.policy(provider.id)),
    }),
  });
  await app.register(calendarFeedsRoutes, {
    feeds: calendarFeedsService({ db, clock, appUrl: config.appUrl, secret: config.sessionSecret }),
  });
  await app.register(insightsRoutes, { insights: insightsService({ db, clock }) });
  await app.register(imagesRoutes, { prefix: '/images', db });
  await app.register(appConfigRoutes, { config });
  await app.register(healthRoutes, { database });
  if (config.devOutbox && deps.outbox) await app.register(devOutboxRoutes, { prefix: '/dev/outbox', outbox: deps.outbox });
  // The API's description, not part of the API it describes.
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await registerSpa(app, config.webDist, profileFirstPaint(profile));
  routeTable.assertComplete();
  return app;
}
