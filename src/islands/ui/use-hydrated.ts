import { useEffect, useState } from 'react'

/**
 * False in the server-rendered markup and until React has taken the island over, then true. Controls that
 * would lose their input or do nothing before then are disabled until it turns true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
