import type { DomainEvent, RecordedEvent } from './types.ts'

/**
 * Applies a batch in log order, handing consecutive events of one frequent type (daily activity) over
 * together so they cost one statement, and every other event one by one. Whatever the batch boundaries,
 * the result is the same as event by event, as a rebuild needs.
 */
export async function applyInRuns<E extends DomainEvent, T extends E['type']>(
  events: readonly RecordedEvent<E>[],
  type: T,
  run: (events: readonly RecordedEvent<Extract<E, { type: T }>>[]) => Promise<void>,
  single: (event: RecordedEvent<Exclude<E, { type: T }>>) => Promise<void>,
): Promise<void> {
  let pending: RecordedEvent<Extract<E, { type: T }>>[] = []
  const flush = async () => {
    if (pending.length > 0) await run(pending)
    pending = []
  }
  for (const event of events) {
    if (event.type === type) pending.push(event as RecordedEvent<Extract<E, { type: T }>>)
    else {
      await flush()
      await single(event as RecordedEvent<Exclude<E, { type: T }>>)
    }
  }
  await flush()
}
