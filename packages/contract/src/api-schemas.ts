/**
 * What each route of the table (api.ts) takes and answers, as Zod schemas: the server validates
 * and serialises with them and documents them at /api/docs; the web client takes its types from
 * them (`ApiSchemas`, a type-only import, so no schema reaches the browser's bundle).
 */
import { z } from 'zod';
import type { RouteName } from './api.ts';
import {
  appointmentIdParams,
  appointmentQuery,
  appointmentSchema,
  attendanceInput,
  checkoutSchema,
  clientSchema,
  createAppointmentInput,
  createdAppointmentSchema,
  listAppointmentsQuery,
  rescheduleInput,
} from './appointments.ts';
import {
  appConfigSchema,
  createUserRequest,
  loginRequest,
  magicLinkNewUserResponse,
  magicLinkRequest,
  socialProviderParams,
  socialStartQuery,
} from './auth.ts';
import {
  holidayChoiceInput,
  holidayCountryInput,
  holidaysQuery,
  holidaysResponse,
  policiesInput,
  policiesSchema,
  timeOffInput,
  timeOffResponse,
  timeOffSchema,
  workDaysInput,
  workDaysResponse,
} from './availability.ts';
import {
  calendarConnectionIdParams,
  calendarConnectionSchema,
  connectCalendarInput,
  updateCalendarConnectionInput,
} from './calendar-connections.ts';
import { createdRepeaterSchema, deleteSlotQuery, repeaterInput } from './classes.ts';
import { healthResponse, notReadyResponse, readyResponse } from './health.ts';
import { idParams } from './ids.ts';
import { insightsSchema } from './insights.ts';
import { calendarFeedSchema, meSchema, updateMeForm, updatePaymentsInput } from './me.ts';
import {
  createdMembershipSchema,
  createMembershipInput,
  deductMembershipInput,
  listMembershipsQuery,
  membershipIdParams,
  membershipQuery,
  membershipSchema,
  purchasedServiceSchema,
} from './memberships.ts';
import { planForm, providerPlanSchema } from './plans.ts';
import {
  profileParams,
  profileTimetableQuery,
  profileTimetableResponse,
  publicProfileSchema,
  serviceSlotsQuery,
  serviceSlotsResponse,
} from './profile.ts';
import { scheduleDaySchema, scheduleQuery } from './schedule.ts';
import { listServicesQuery, serviceInput, serviceSchema } from './services.ts';
import { joinWaitlistInput, slotWaitlistEntrySchema, waitlistEntrySchema, waitlistPlaceSchema } from './waitlist.ts';

/**
 * `{ data: … }`: the envelope of every JSON answer that carries a record
 * (docs/architecture.md#api-conventions).
 */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A bare confirmation such as POST /api/login's "We sent you an activation link…". */
export const messageResponse = z.object({ message: z.string() });

/** An answer without a body (204) or a redirect (302): documented, never serialised. */
export const noContent = z.null();

/**
 * One route's schemas, in Fastify's names. `multipart` is a form the route reads part by part
 * itself (files are not JSON values): documented, not validated as a whole; JSON is accepted too.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  multipart?: z.ZodType;
  /** One schema per success status of the route's table entry (the server checks at start-up). */
  response: Record<number, z.ZodType>;
}

/** `returned=1`: Stripe's onboarding sent the provider back to GET /stripe/connect. */
const stripeConnectQuery = z.object({ returned: z.string().optional() });

export const apiSchemas = {
  csrfCookie: { response: { 204: noContent } },
  login: { body: loginRequest, response: { 200: messageResponse } },
  magicLink: { body: magicLinkRequest, response: { 200: dataOf(meSchema), 202: dataOf(magicLinkNewUserResponse) } },
  createUser: { body: createUserRequest, response: { 200: dataOf(meSchema), 201: dataOf(meSchema) } },
  logout: { response: { 204: noContent } },
  socialStart: { params: socialProviderParams, querystring: socialStartQuery, response: { 302: noContent } },
  socialCallback: { params: socialProviderParams, response: { 302: noContent } },
  config: { response: { 200: dataOf(appConfigSchema) } },
  me: { response: { 200: dataOf(meSchema) } },
  updateMe: { multipart: updateMeForm, response: { 200: dataOf(meSchema) } },
  updatePayments: { body: updatePaymentsInput, response: { 200: dataOf(meSchema) } },
  stripeConnect: { querystring: stripeConnectQuery, response: { 302: noContent } },
  stripeDashboard: { response: { 302: noContent } },
  stripeWebhook: { response: { 200: z.object({ received: z.literal(true) }) } },
  listServices: { querystring: listServicesQuery, response: { 200: dataOf(z.array(serviceSchema)) } },
  createService: { body: serviceInput, response: { 201: dataOf(serviceSchema) } },
  updateService: { params: idParams, body: serviceInput, response: { 200: dataOf(serviceSchema) } },
  deleteService: { params: idParams, response: { 204: noContent } },
  listPlans: { response: { 200: dataOf(z.array(providerPlanSchema)) } },
  createPlan: { multipart: planForm, response: { 201: dataOf(providerPlanSchema) } },
  updatePlan: { params: idParams, multipart: planForm, response: { 200: dataOf(providerPlanSchema) } },
  deletePlan: { params: idParams, response: { 204: noContent } },
  serviceSlots: { params: idParams, querystring: serviceSlotsQuery, response: { 200: serviceSlotsResponse } },
  workDays: { response: { 200: workDaysResponse } },
  saveWorkDays: { body: workDaysInput, response: { 200: workDaysResponse } },
  policies: { response: { 200: dataOf(policiesSchema) } },
  savePolicies: { body: policiesInput, response: { 200: dataOf(policiesSchema) } },
  timeOff: { response: { 200: timeOffResponse } },
  addTimeOff: { body: timeOffInput, response: { 201: dataOf(timeOffSchema) } },
  changeTimeOff: { params: idParams, body: timeOffInput, response: { 200: dataOf(timeOffSchema) } },
  removeTimeOff: { params: idParams, response: { 204: noContent } },
  holidays: { querystring: holidaysQuery, response: { 200: holidaysResponse } },
  setHolidayCountry: { body: holidayCountryInput, response: { 204: noContent } },
  chooseHoliday: { body: holidayChoiceInput, response: { 204: noContent } },
  createRepeater: { body: repeaterInput, response: { 201: dataOf(createdRepeaterSchema) } },
  cancelSlot: { params: idParams, querystring: deleteSlotQuery, response: { 204: noContent } },
  joinWaitlist: { params: idParams, body: joinWaitlistInput, response: { 201: dataOf(waitlistPlaceSchema) } },
  leaveWaitlist: { params: idParams, response: { 204: noContent } },
  slotWaitlist: { params: idParams, response: { 200: dataOf(z.array(slotWaitlistEntrySchema)) } },
  myWaitlist: { response: { 200: dataOf(z.array(waitlistEntrySchema)) } },
  createAppointment: {
    body: createAppointmentInput,
    response: { 200: dataOf(createdAppointmentSchema), 201: dataOf(createdAppointmentSchema) },
  },
  listAppointments: { querystring: listAppointmentsQuery, response: { 200: dataOf(z.array(appointmentSchema)) } },
  appointment: { params: appointmentIdParams, querystring: appointmentQuery, response: { 200: dataOf(appointmentSchema) } },
  confirmWithoutPayment: { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } },
  appointmentCheckout: { params: appointmentIdParams, response: { 200: dataOf(checkoutSchema) } },
  cancelAppointment: { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } },
  deductMembership: { params: appointmentIdParams, body: deductMembershipInput, response: { 200: dataOf(appointmentSchema) } },
  markAppointmentPaid: { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } },
  markAppointmentRefunded: { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } },
  rescheduleAppointment: { params: appointmentIdParams, body: rescheduleInput, response: { 200: dataOf(appointmentSchema) } },
  markAttendance: { params: appointmentIdParams, body: attendanceInput, response: { 200: dataOf(appointmentSchema) } },
  listMemberships: { querystring: listMembershipsQuery, response: { 200: dataOf(z.array(membershipSchema)) } },
  createMembership: {
    body: createMembershipInput,
    response: { 200: dataOf(createdMembershipSchema), 201: dataOf(createdMembershipSchema) },
  },
  membership: { params: membershipIdParams, querystring: membershipQuery, response: { 200: dataOf(membershipSchema) } },
  confirmMembershipWithoutPayment: { params: membershipIdParams, response: { 200: dataOf(membershipSchema) } },
  membershipCheckout: { params: membershipIdParams, response: { 200: dataOf(checkoutSchema) } },
  cancelMembership: { params: membershipIdParams, response: { 200: dataOf(membershipSchema) } },
  markMembershipPaid: { params: membershipIdParams, response: { 200: dataOf(membershipSchema) } },
  purchasedServices: { response: { 200: dataOf(z.array(purchasedServiceSchema)) } },
  calendarFeed: { response: { 200: dataOf(calendarFeedSchema.nullable()) } },
  newCalendarFeed: { response: { 201: dataOf(calendarFeedSchema) } },
  calendarConnections: { response: { 200: dataOf(z.array(calendarConnectionSchema)) } },
  createCalendarConnection: { body: connectCalendarInput, response: { 201: dataOf(calendarConnectionSchema) } },
  updateCalendarConnection: {
    params: calendarConnectionIdParams,
    body: updateCalendarConnectionInput,
    response: { 200: dataOf(calendarConnectionSchema) },
  },
  deleteCalendarConnection: { params: calendarConnectionIdParams, response: { 204: noContent } },
  clients: { response: { 200: dataOf(z.array(clientSchema)) } },
  insights: { response: { 200: dataOf(insightsSchema) } },
  schedule: { querystring: scheduleQuery, response: { 200: dataOf(z.array(scheduleDaySchema)) } },
  profile: { params: profileParams, response: { 200: dataOf(publicProfileSchema) } },
  profileTimetable: { params: profileParams, querystring: profileTimetableQuery, response: { 200: profileTimetableResponse } },
  health: { response: { 200: healthResponse } },
  ready: { response: { 200: readyResponse, 503: notReadyResponse } },
} as const satisfies Record<RouteName, RouteSchemas>;

export type ApiSchemas = typeof apiSchemas;
