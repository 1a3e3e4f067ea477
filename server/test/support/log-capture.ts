/** Keeps every line the app logs (all levels), for tests that check what a log would show. */
export interface CapturedLogs {
  /** Pass as the app's `logger`. */
  logger: { level: string; stream: { write(line: string): void } };
  lines: string[];
  /** Lines whose `msg` is exactly `message`. */
  withMessage(message: string): Record<string, unknown>[];
}

export function captureLogs(): CapturedLogs {
  const lines: string[] = [];
  return {
    logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    lines,
    withMessage: (message) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((entry) => entry.msg === message),
  };
}
