/** Query keys of the installation's config. */
export const configKeys = {
  all: ['config'] as const,
};
