import { format as formatArgs } from "node:util";

// The one way the server prints a line (--log-format, env LOG_FORMAT). `text`, the default, prints
// each line as it always was: information on standard output, warnings and errors on standard
// error. `json` prints the same lines, on the same streams, as one JSON object a line
// ({"time","level","message"}; a stack trace stays inside its line), and adds one access line per
// HTTP request (src/lib/request-log.ts), which the text format never prints.
export type LogFormat = "text" | "json";
export const LOG_FORMATS: readonly LogFormat[] = ["text", "json"];

export type LogLevel = "info" | "warn" | "error";

// What an access line holds: never the URL itself (its query may carry an address), only the
// route's pattern.
export interface AccessEntry {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

export interface Logger {
  format: LogFormat;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  // json only (null in text): one line per answered request
  access: ((entry: AccessEntry) => void) | null;
}

type Write = (line: string) => void;

export function createLogger({
  format,
  clock = Date.now,
  out = (line) => process.stdout.write(line),
  err = (line) => process.stderr.write(line),
}: {
  format: LogFormat;
  clock?: () => number;
  out?: Write;
  err?: Write;
}): Logger {
  if (format === "text") {
    return {
      format,
      info: (message) => out(`${message}\n`),
      warn: (message) => err(`${message}\n`),
      error: (message) => err(`${message}\n`),
      access: null,
    };
  }
  const line = (level: LogLevel, message: string) =>
    `${JSON.stringify({ time: new Date(clock()).toISOString(), level, message })}\n`;
  return {
    format,
    info: (message) => out(line("info", message)),
    warn: (message) => err(line("warn", message)),
    error: (message) => err(line("error", message)),
    access: (entry) =>
      out(
        `${JSON.stringify({
          time: new Date(clock()).toISOString(),
          level: "info",
          message: `${entry.method} ${entry.route} ${entry.status} ${entry.durationMs} ms`,
          requestId: entry.requestId,
          method: entry.method,
          route: entry.route,
          status: entry.status,
          durationMs: entry.durationMs,
        })}\n`,
      ),
  };
}

// Under json, what is printed through `console` (any module's, a library's) becomes a line of the
// logger too, so that no line of the server's output escapes the format.
export function routeConsoleTo(logger: Logger): void {
  console.log = (...args: unknown[]) => logger.info(formatArgs(...args));
  console.info = console.log;
  console.warn = (...args: unknown[]) => logger.warn(formatArgs(...args));
  console.error = (...args: unknown[]) => logger.error(formatArgs(...args));
}
