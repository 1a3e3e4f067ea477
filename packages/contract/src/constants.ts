/** Business constants, shared by server and web; docs/product-rules.md says what each means. */

export const CURRENCY = 'EUR';

// The shapes of wall-clock values live here, without zod, so a public page matching a URL's date or
// time does not download the schemas (docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
/** 'HH:MM', 00:00–23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'YYYY-MM-DD'. */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const PRICE_MAX = 10000;
export const CAPACITY_MAX = 1000;
export const DURATION_MAX_MINUTES = 1440;
export const PLAN_QUANTITY_MIN = 1;
export const PLAN_QUANTITY_MAX = 1000;

export const DEFAULT_CAPACITY = { class: 5, appointment: 1 } as const;

/**
 * Image rules (docs/product-rules.md#limits-and-validation). Avatars get the profile cover's limit.
 */
export const IMAGE_TYPES = ['image/webp', 'image/jpeg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['webp', 'jpg', 'jpeg', 'png'] as const;
export const PROFILE_COVER_MAX_BYTES = 1024 * 1024;
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const PLAN_COVER_MAX_BYTES = 2 * 1024 * 1024;

export const BOOKING_NOTICE_HOURS = [0, 1, 4, 12, 24, 48, 72] as const;
export const ADVANCE_BOOKING_DAYS = [1, 3, 7, 14, 30, 90, 180] as const;
/** 0 means "Never" (never refundable). */
export const CANCELLATION_NOTICE_HOURS = [1, 4, 12, 24, 48, 72, 0] as const;
/** Hours before a session its client is reminded (docs/product-rules.md#reminders); 0 means off. */
export const REMINDER_HOURS = [0, 2, 24, 48] as const;
export const DEFAULT_REMINDER_HOURS = 24;

export const TIME_STEP_MINUTES = 15;
export const DEFAULT_WORK_FROM = '08:00';
export const DEFAULT_WORK_TO = '17:00';
export const DEFAULT_CLASS_TIME = '09:00';
export const REPEAT_OPTIONS = [null, '1w', '2w', '3w', '4w'] as const;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PLAN_VALID_FOR_MONTHS = ['12', '6', '3', '1'] as const;

export const TOAST_MAX_VISIBLE = 5;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_EXIT_MS = 300;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Under this width (inclusive) the layout is "small screen". */
export const SMALL_SCREEN_MAX_PX = 1023;
export const SIDE_PANEL_SWIPE_CLOSE_PX = 100;

export const MAGIC_LINK_EXPIRED_REDIRECT_MS = 5000;
export const CONFIRMATION_SUCCESS_DELAY_MS = 1000;
export const MAGIC_LINK_TTL_MINUTES = 10;
export const HOLD_TTL_MINUTES = 10;
/**
 * Unconfirmed bookings (live holds) one client may have with one provider at a time
 * (docs/product-rules.md#holds).
 */
export const MAX_LIVE_HOLDS_PER_PROVIDER = 3;

/**
 * The waitlist of a full class occurrence (docs/product-rules.md#waitlist): how many may wait (a
 * class service's `waitlist_size`, 0 = no waitlist) and how long a place offered to the first in
 * line is held for them — at most this, and never past the close of the booking notice.
 */
export const WAITLIST_SIZE_MIN = 0;
export const WAITLIST_SIZE_MAX = 100;
export const DEFAULT_WAITLIST_SIZE = 10;
export const WAITLIST_OFFER_MINUTES = 30;

/** Stripe's smallest card charge in euros (cents): a cheaper price can only be paid in person. */
export const MIN_CARD_CHARGE_CENTS = 50;

export const SELECT_PLACEHOLDER = 'Select an option';

export const QR_ERROR_CORRECTION = 'Q';
export const QR_WIDTH = 240;

/** Usernames (docs/product-rules.md#roles-and-accounts). */
export const USERNAME_PATTERN = /^[a-z0-9_-]{3,30}$/;
/** Route words a username may never take, so /{username} never shadows a page. */
export const RESERVED_USERNAMES = [
  'schedule',
  'login',
  'logout',
  'magic-link',
  'services',
  'plans',
  'clients',
  'insights',
  'memberships',
  'purchases',
  'settings',
  'availability',
  'appointments',
  'auth',
  'stripe',
  'api',
  'sanctum',
  'dev',
  'images',
  'assets',
  'static',
  'admin',
  'root',
  'demo-admin',
  'help',
  'support',
  'about',
  'terms',
  'privacy',
  'docs',
  'new',
  'me',
  'account',
  'profile',
  'www',
  'mail',
  'favicon.ico',
  'robots.txt',
  'index',
  'home',
  'app',
  'slotted',
] as const;

/**
 * The provider checks clients in from this long before a session's start until this long after
 * it (docs/product-rules.md#roster-and-check-in): early arrivals, and marking the register later.
 */
export const CHECK_IN_OPENS_MINUTES = 60;
export const CHECK_IN_CLOSES_DAYS = 7;
