import { z } from 'zod';
import { DEFAULT_CAPACITY, DEFAULT_WAITLIST_SIZE, fieldErrors, serviceInput, type Service, type ServiceType } from '@slotted/contract';
import type { ServicePayload } from '../api/save-service.ts';

/** The service editor's fields as typed (text inputs keep strings until saving). */
export interface ServiceFormValues {
  name: string;
  type: ServiceType;
  description: string;
  price: string;
  duration: string;
  location: string;
  capacity: string;
  /** Classes: how many may wait for a place when one is full (docs/product-rules.md#waitlist). */
  waitlist_size: string;
}

export const SERVICE_FIELDS = ['name', 'type', 'description', 'price', 'duration', 'location', 'capacity', 'waitlist_size'] as const;
export type ServiceField = (typeof SERVICE_FIELDS)[number];
export type ServiceFormErrors = Partial<Record<ServiceField, string>>;

export const NEW_SERVICE: ServiceFormValues = {
  name: '',
  type: 'appointment',
  description: '',
  price: '',
  duration: '60',
  location: '',
  capacity: String(DEFAULT_CAPACITY.appointment),
  waitlist_size: String(DEFAULT_WAITLIST_SIZE),
};

export function serviceFormValues(service: Service | null): ServiceFormValues {
  if (!service) return NEW_SERVICE;
  return {
    name: service.name,
    type: service.type,
    description: service.description,
    price: service.price.toFixed(2),
    duration: String(service.duration),
    location: service.location,
    capacity: String(service.type === 'class' ? service.capacity : DEFAULT_CAPACITY.appointment),
    waitlist_size: String(service.type === 'class' ? service.waitlist_size : DEFAULT_WAITLIST_SIZE),
  };
}

/**
 * Changing the type in the editor (docs/product-rules.md#services): switching to class sets
 * capacity 5 for new or previously appointment items (a class being edited gets its own capacity
 * back); switching to appointment sets capacity 1.
 */
export function changeServiceType(values: ServiceFormValues, type: ServiceType, original: Service | null): ServiceFormValues {
  if (type === values.type) return values;
  const capacity =
    type === 'appointment' ? DEFAULT_CAPACITY.appointment : original?.type === 'class' ? original.capacity : DEFAULT_CAPACITY.class;
  return { ...values, type, capacity: String(capacity) };
}

/**
 * Checks the form with the contract's rules (the server uses the same) and builds the request
 * body; otherwise the first message per field.
 */
export function toServicePayload(values: ServiceFormValues): { payload: ServicePayload } | { errors: ServiceFormErrors } {
  const isClass = values.type === 'class';
  const parsed = serviceInput.safeParse({
    name: values.name,
    type: values.type,
    description: values.description,
    price: values.price,
    // An empty box is "missing", not 0.
    duration: values.duration.trim() === '' ? undefined : values.duration,
    location: values.location,
    capacity: isClass ? (values.capacity.trim() === '' ? undefined : values.capacity) : DEFAULT_CAPACITY.appointment,
    waitlist_size: isClass && values.waitlist_size.trim() !== '' ? values.waitlist_size : undefined,
  });
  const errors: ServiceFormErrors = {};
  if (isClass && values.capacity.trim() === '') errors.capacity = 'Please enter the capacity.';
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(fieldErrors(parsed.error.issues))) {
      if ((SERVICE_FIELDS as readonly string[]).includes(field)) errors[field as ServiceField] ??= messages[0];
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const data = parsed.data;
  return {
    payload: {
      name: data.name,
      type: data.type,
      description: data.description,
      price: data.price,
      duration: data.duration,
      location: data.location,
      capacity: data.capacity ?? DEFAULT_CAPACITY.appointment,
      waitlist_size: isClass ? (data.waitlist_size ?? DEFAULT_WAITLIST_SIZE) : 0,
    },
  };
}

/** The editor's schema: what was typed in, checked by `toServicePayload`; out comes the request body. */
export const serviceFormSchema = z.custom<ServiceFormValues>().transform((values, ctx) => {
  const checked = toServicePayload(values);
  if ('payload' in checked) return checked.payload;
  for (const [field, message] of Object.entries(checked.errors)) ctx.addIssue({ code: 'custom', path: [field], message });
  return z.NEVER;
});
