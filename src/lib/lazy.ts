// An object built on first use. What lazy() returns stands in for it from the start (its methods,
// properties, keys once built), so a caller cannot tell the difference, except that the building
// happens at the first access instead of at once. createApp builds its services this way: each
// prepares its statements (Drizzle's query building and SQLite's compiling), about 100 ms in all,
// which a start would otherwise spend before it can answer anything.
// The stand-in is a plain object whose prototype, until the first access, is a proxy that builds;
// the object built then gives it its own properties and prototype, so from then on a method is
// read as from any object (through a proxy's traps every time, a faucet request's reads of its
// services cost about 3% of its CPU).
export function lazy<T extends object>(build: () => T): T {
  const stand = {} as T;
  // (a build that throws leaves the proxy in place: the next use tries again)
  const built = () => {
    const instance = build();
    Object.defineProperties(stand, Object.getOwnPropertyDescriptors(instance));
    Object.setPrototypeOf(stand, Object.getPrototypeOf(instance));
    return stand;
  };
  // (reached only for what the stand-in lacks, which before the build is everything)
  Object.setPrototypeOf(
    stand,
    new Proxy({} as T, {
      get: (_, key) => Reflect.get(built(), key),
      set: (_, key, value) => Reflect.set(built(), key, value),
      has: (_, key) => Reflect.has(built(), key),
    }),
  );
  return stand;
}
