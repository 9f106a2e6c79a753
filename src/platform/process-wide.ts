/**
 * One value for the whole process, made on first use and kept on globalThis: `npm start` runs the launcher
 * and the server bundle as separate module graphs, where a module-level value would exist once in each.
 */
export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>
  const key = Symbol.for(name)
  return (holder[key] ??= create()) as T
}
