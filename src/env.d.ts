/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string
    logger: import('./platform/logging.ts').Logger
  }
}
