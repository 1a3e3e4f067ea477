/** Query keys of public profiles (usernames are case-insensitive). */
export const profileKeys = {
  all: ['profile'] as const,
  detail: (username: string) => [...profileKeys.all, username.toLowerCase()] as const,
};
