import { apiRoutes } from '../../app/api-routes.ts'

/** `routes`: every API route the app answers, from the route table: method, path, who may call it, what body it reads. */
export const routes = {
  name: 'routes',
  usage: 'routes                        list the API routes (method, path, auth, body)',
  run: (out: (line: string) => void) => {
    const width = Math.max(...apiRoutes.map((route) => route.path.length))
    for (const route of apiRoutes) out(`${route.method.padEnd(7)}${route.path.padEnd(width + 2)}${route.auth.padEnd(8)}${route.body}`)
  },
}
