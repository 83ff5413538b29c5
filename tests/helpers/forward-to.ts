// What a use* helper returns for a server it starts in beforeAll: the test file holds it from its
// top level, as it held its own `let` before, and every property read or written reaches the
// server once started.
export function forwardTo<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
  });
}
