// What a SQLite error means to a service: a unique index refused the row (two requests made the same
// name at once, say). bun:sqlite puts the extended result code in `error.code`.
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === "SQLITE_CONSTRAINT_UNIQUE";
