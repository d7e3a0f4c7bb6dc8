// An object built on first use. The proxy stands in for it from the start (its methods, properties,
// keys), so a caller cannot tell the difference, except that the building happens at the first
// access instead of at once. createApp builds its services this way: each prepares its statements
// (Drizzle's query building and SQLite's compiling), about 100 ms in all, which a start would
// otherwise spend before it can answer anything.
export function lazy<T extends object>(build: () => T): T {
  let instance: T | undefined;
  const target = () => {
    instance ??= build();
    return instance;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      // a proxy may only report a property its (empty) target lacks as configurable
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
