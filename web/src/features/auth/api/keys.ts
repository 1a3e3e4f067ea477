/** Query keys of the signed-in user (one factory per feature, so no file spells a raw key). */
export const meKeys = {
  all: ['me'] as const,
};
