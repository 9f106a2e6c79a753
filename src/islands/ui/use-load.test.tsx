// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Loaded } from './Loaded.tsx'
import { useLoad } from './use-load.ts'

/** A promise the test settles when it chooses, standing for an API answer still on its way. */
function answerLater<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('useLoad', () => {
  it('drops the late answer of a load that a newer one overtook', async () => {
    const answers = new Map([
      ['par', answerLater<string>()],
      ['paris', answerLater<string>()],
    ])
    const { result, rerender } = renderHook(({ query }) => useLoad(() => answers.get(query)!.promise, [query]), { initialProps: { query: 'par' } })
    rerender({ query: 'paris' })

    await act(async () => answers.get('paris')!.resolve('results for paris'))
    expect(result.current.data).toBe('results for paris')
    await act(async () => answers.get('par')!.resolve('results for par'))
    expect(result.current.data).toBe('results for paris')
  })

  it('drops the late failure of an overtaken load too', async () => {
    const first = answerLater<string>()
    const second = answerLater<string>()
    const loads = [first.promise, second.promise]
    const { result } = renderHook(() => useLoad(() => loads.shift()!, []))
    act(() => void result.current.reload())

    await act(async () => second.resolve('fresh'))
    await act(async () => first.reject(new Error('stale failure')))
    expect(result.current).toMatchObject({ data: 'fresh', error: null })
  })

  it('aborts the request of an overtaken load, and the last one when the island goes', () => {
    const signals: Record<string, AbortSignal> = {}
    const { rerender, unmount } = renderHook(
      ({ city }) =>
        useLoad(
          (signal) => {
            signals[city] = signal
            return new Promise<string>(() => {})
          },
          [city],
        ),
      { initialProps: { city: 'Porto' } },
    )
    rerender({ city: 'Lisbon' })
    expect(signals.Porto?.aborted).toBe(true)
    expect(signals.Lisbon?.aborted).toBe(false)

    unmount()
    expect(signals.Lisbon?.aborted).toBe(true)
  })

  it('gives a failed load as its error, without logging it, and a reload that succeeds clears it', async () => {
    const logged = vi.spyOn(console, 'error')
    const answers = [() => Promise.reject(new Error('Network down')), () => Promise.resolve(['Lisbon'])]
    const { result } = renderHook(() => useLoad(() => answers.shift()!(), []))
    await act(async () => {})
    expect(result.current.error?.message).toBe('Network down')
    expect(result.current.data).toBeNull()
    expect(logged).not.toHaveBeenCalled()

    await act(() => result.current.reload())
    expect(result.current).toMatchObject({ data: ['Lisbon'], error: null })
  })

  it('keeps the shown data while a reload after an action runs, then shows the new answer', async () => {
    const reloaded = answerLater<string[]>()
    const answers = [Promise.resolve(['Porto', 'Lisbon']), reloaded.promise]
    const { result } = renderHook(() => useLoad(() => answers.shift()!, []))
    await act(async () => {})
    act(() => void result.current.reload())
    expect(result.current.data).toEqual(['Porto', 'Lisbon'])

    await act(async () => reloaded.resolve(['Lisbon']))
    expect(result.current.data).toEqual(['Lisbon'])
  })
})

describe('Loaded', () => {
  function Trips({ load }: { load: () => Promise<string[]> }) {
    const trips = useLoad(load, [])
    return (
      <Loaded load={trips} loading="Loading trips…">
        {(names) => (
          <ul>
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </Loaded>
    )
  }

  it('shows the loading status, then the data', async () => {
    const answer = answerLater<string[]>()
    render(<Trips load={() => answer.promise} />)
    expect(screen.getByRole('status').textContent).toBe('Loading trips…')

    await act(async () => answer.resolve(['Porto']))
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByRole('listitem').textContent).toBe('Porto')
  })

  it('shows a failed load as an alert instead of the loading status', async () => {
    render(<Trips load={() => Promise.reject(new Error('Failed to fetch'))} />)
    await act(async () => {})
    expect(screen.getByRole('alert').textContent).toBe('Error: Failed to fetch')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows a failure its own way when given one', async () => {
    render(
      <Loaded
        load={{ data: null, error: new Error('HTTP 500'), reload: async () => {}, setData: () => {} }}
        loading="Loading…"
        failed={() => <p>Try again later.</p>}
      >
        {() => null}
      </Loaded>,
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Try again later.')).toBeTruthy()
  })
})
