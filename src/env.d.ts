/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string
    logger: import('./platform/logging.ts').Logger
    /** Set by the shared itinerary page: the itinerary and version it rendered (the memory cache keys on them). */
    sharedItinerary?: import('./modules/itinerary/saved/shared-page-cache.ts').SharedPageRead
    /** The client's address, through trusted proxies only (TRUST_PROXY). */
    clientAddress: string
  }
}
