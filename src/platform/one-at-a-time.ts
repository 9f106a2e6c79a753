import { Effect } from 'effect'

/**
 * Runs the work of one key (a client's address) one at a time, in the order it came: a client who sends
 * many heavy requests at once waits for their own, while everyone else's go ahead on the threads left.
 */
export function oneAtATime() {
  const queues = new Map<string, Promise<unknown>>()
  return <A, E, R>(key: string, work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.suspend(() => {
      const before = queues.get(key) ?? Promise.resolve()
      let release!: () => void
      const mine = new Promise<void>((resolve) => (release = resolve))
      const tail = before.then(() => mine)
      queues.set(key, tail)
      const done = Effect.sync(() => {
        release()
        if (queues.get(key) === tail) queues.delete(key)
      })
      return Effect.promise(() => before).pipe(Effect.andThen(work), Effect.ensuring(done))
    })
}
