import type { ReadModels } from '../../events/registry.ts'
import { postsProjection, reportsProjection } from './posts-projection.ts'
import { followsProjection, likesProjection, profilesProjection } from './projections.ts'

/** Roam Share's read models (src/app/registry.ts gathers every module's). */
export const roamShareReadModels: ReadModels = {
  inline: [profilesProjection, followsProjection, postsProjection, likesProjection, reportsProjection],
}
