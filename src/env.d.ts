/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string
    logger: import('./platform/logging.ts').Logger
    /** The client's address, through trusted proxies only (TRUST_PROXY). */
    clientAddress: string
  }
}
