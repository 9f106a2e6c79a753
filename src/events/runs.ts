import type { DomainEvent, RecordedEvent } from './types.ts'

type RunHandlers<E extends DomainEvent> = { readonly [T in E['type']]?: (events: readonly RecordedEvent<Extract<E, { type: T }>>[]) => Promise<void> }

/**
 * Applies a batch in log order, handing consecutive events of a type that has a run handler over together
 * (one statement for a run of daily activity, say), and every other event one by one. Whatever the batch
 * boundaries, the result is the same as event by event, as a rebuild needs.
 */
export async function applyInRuns<E extends DomainEvent>(
  events: readonly RecordedEvent<E>[],
  runs: RunHandlers<E>,
  single: (event: RecordedEvent<E>) => Promise<void>,
): Promise<void> {
  const handlers = runs as Record<string, ((events: readonly RecordedEvent<E>[]) => Promise<void>) | undefined>
  let pending: RecordedEvent<E>[] = []
  const flush = async () => {
    if (pending.length > 0) await handlers[pending[0]!.type]!(pending)
    pending = []
  }
  for (const event of events) {
    if (pending.length > 0 && pending[0]!.type !== event.type) await flush()
    if (handlers[event.type]) pending.push(event)
    else await single(event)
  }
  await flush()
}
