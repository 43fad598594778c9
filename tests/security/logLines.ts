/** The server's log lines (pino JSON) of a test app: `useTestApp(db, { logger: { level: 'warn', stream: log.stream } })`. */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export function logLines(): { stream: { write(line: string): void }; lines(): LogLine[] } {
  const lines: LogLine[] = [];
  return {
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    lines: () => lines,
  };
}
