import { expect, it } from 'vitest'
import { apiRoutes } from '../../app/api-routes.ts'
import { routes } from './routes.ts'

it('lists every API route of the table, one line each, with who may call it and the body it reads', () => {
  const lines: string[] = []
  routes.run((line) => lines.push(line))
  expect(lines).toHaveLength(apiRoutes.length)
  expect(lines.map((line) => line.split(/\s+/).join(' '))).toContain('POST /api/roam-share-posts/like/{post_id} bearer none')
  expect(lines.map((line) => line.split(/\s+/).join(' '))).toContain('POST /auth/login public json')
})
