import { Result } from 'effect'
import { expect } from 'vitest'
import type { Decider } from './decider.ts'
import { foldEvents } from './decider.ts'
import type { DomainEvent } from './event-set.ts'

/**
 * Decider tests in the form `given(decider, events).when(command).then(events)` or `.thenFails(error)`:
 * the history, the command, and what the rules must answer. Pure: no database, no clock.
 */
export function given<Command, Event extends DomainEvent, State, Failure>(decider: Decider<Command, Event, State, Failure>, history: readonly Event[] = []) {
  return {
    when(command: Command) {
      const decided = decider.decide(command, foldEvents(decider, history))
      return {
        /** The command produces exactly these events (none: `[]`). */
        then(expected: readonly Event[]) {
          if (Result.isFailure(decided)) throw new Error(`expected events, but the command failed with ${JSON.stringify(decided.failure)}`)
          expect(decided.success).toEqual(expected)
          for (const event of decided.success) decider.events.validate(event)
        },
        /** The command is refused with an error of this class (and, if given, these fields). */
        thenFails<F extends Failure>(errorClass: abstract new (...args: any[]) => F, fields?: Partial<F>) {
          if (Result.isSuccess(decided)) throw new Error(`expected a failure, but the command produced ${JSON.stringify(decided.success)}`)
          expect(decided.failure).toBeInstanceOf(errorClass)
          if (fields) expect(decided.failure).toMatchObject(fields)
        },
      }
    },
  }
}
