/** '1 session', '3 sessions'. */
export function sessionsLabel(count: number): string {
  return count === 1 ? '1 session' : `${count} sessions`;
}
