import { useEffect, useMemo, useState } from 'react'
import { CAPTION_MAX, MAX_IMAGES, MAX_VIDEO_SECONDS, MESSAGES, POST_TAGS, postDraftProblem, type PostType } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { useLoad } from '../ui/use-load.ts'
import { failureText } from '../ui/use-submit.ts'
import { Button } from '../ui/Button.tsx'
import { FormField } from '../ui/FormField.tsx'
import { Loading } from '../ui/Loading.tsx'
import { toastAfterNavigation } from '../ui/Toast.tsx'
import { compressPhoto, videoDuration } from './compress.ts'
import { LocationField } from './LocationField.tsx'
import { EDIT_POST_KEY, type Post, type ShareProfile } from './types.ts'
import { upload } from './upload.ts'
import { UsernameNotice } from './UsernameNotice.tsx'
import chipStyles from './chips.module.css'
import styles from './create-post.module.css'
import segmented from './segmented.module.css'
import { useNeedsNetwork } from '../offline/use-needs-network.ts'
import { AttachTrip, appendTripChoice, type TripChoice } from '../trips/AttachTrip.tsx'

interface NewPhoto {
  readonly file: File
  readonly preview: string
}

/** The post being edited: handed over by the profile page, kept in this page's history entry across reloads. */
function editedPost(): Post | null {
  const handed = sessionStorage.getItem(EDIT_POST_KEY)
  if (handed) {
    sessionStorage.removeItem(EDIT_POST_KEY)
    history.replaceState({ ...(history.state as object), editPost: JSON.parse(handed) }, '')
  }
  return ((history.state as { editPost?: Post } | null)?.editPost ?? null) as Post | null
}

/** Create or edit a post (spec §2, §4, §5): photos or one video, caption, location, tags, with upload progress. */
export function CreatePost() {
  const needsNetwork = useNeedsNetwork()
  // Posting needs a username; a profile that cannot be read does not hold the form back.
  const profileCheck = useLoad<'ok' | 'no-username'>(
    () =>
      api<ShareProfile>('/api/roam-share-posts/my-profile', { auth: true }).then(
        (profile) => (profile.username ? 'ok' : 'no-username'),
        () => 'ok',
      ),
    [],
  )
  const ready = profileCheck.data ?? 'checking'
  const [editing] = useState<Post | null>(() => (typeof window === 'undefined' ? null : editedPost()))
  const [postType, setPostType] = useState<PostType>(editing?.post_type ?? 'photo')
  const [kept, setKept] = useState(editing?.photos ?? [])
  const [photos, setPhotos] = useState<NewPhoto[]>([])
  const [video, setVideo] = useState<{ file: File; preview: string } | null>(null)
  const [caption, setCaption] = useState(editing?.caption ?? '')
  const [location, setLocation] = useState(editing?.location ?? '')
  const [tags, setTags] = useState<string[]>(editing?.tags ?? [])
  const [trip, setTrip] = useState<TripChoice>(editing?.trip ? 'keep' : 'none')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<number | null>(null)

  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.preview)), [photos])

  const photoCount = kept.length + photos.length
  const switchType = (next: PostType) => {
    if (editing || next === postType) return
    setPostType(next)
    setPhotos([])
    setVideo(null)
    setProblem(null)
  }

  const addPhotos = (files: FileList | null) => {
    const chosen = [...(files ?? [])]
    if (chosen.some((file) => !file.type.startsWith('image/'))) return setProblem('Only image files can be added to a photo post.')
    if (photoCount + chosen.length > MAX_IMAGES) return setProblem(MESSAGES.tooManyImages)
    setProblem(null)
    setPhotos((current) => [...current, ...chosen.map((file) => ({ file, preview: URL.createObjectURL(file) }))])
  }

  const chooseVideo = async (file: File | undefined) => {
    if (!file) return
    if (!file.type.startsWith('video/')) return setProblem('Only video files can be added to a video post.')
    const seconds = await videoDuration(file)
    if (seconds > MAX_VIDEO_SECONDS) {
      setVideo(null)
      return setProblem(MESSAGES.videoTooLong)
    }
    setProblem(null)
    setVideo({ file, preview: URL.createObjectURL(file) })
  }

  const toggleTag = (tag: string) => {
    const next = tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]
    setTags(next)
    if (next.length > 0 && problem === MESSAGES.tagRequired) setProblem(null)
  }

  const submit = async () => {
    const rule = postDraftProblem({ postType, photoCount, hasVideo: video !== null, location, tags, editing: editing !== null })
    const editEmpty = editing && postType === 'photo' && photoCount === 0 ? MESSAGES.photoRequired : undefined
    if (rule || editEmpty) return setProblem(rule ?? editEmpty!)
    setProblem(null)
    setBusy(true)
    setProgress(0)
    try {
      const form = new FormData()
      form.append('caption', caption)
      form.append('location', location)
      form.append('tags', JSON.stringify(tags))
      form.append('post_type', postType)
      appendTripChoice(form, trip, Boolean(editing?.trip))
      if (editing) {
        form.append('keep_images', JSON.stringify(kept.map((photo) => photo.file)))
        form.append('keep_video', String(postType === 'video'))
        form.append('delete_video', 'false')
      }
      for (const photo of photos) {
        const file = await compressPhoto(photo.file)
        form.append('images', file, file.name)
      }
      if (video) form.append('video', video.file, video.file.name)
      if (editing) await upload(`/api/roam-share-posts/update/${editing.post_id}`, form, { method: 'PUT', onProgress: setProgress })
      else await upload('/api/roam-share-posts', form, { onProgress: setProgress })
      history.replaceState({ ...(history.state as object), editPost: undefined }, '')
      toastAfterNavigation(
        editing ? 'Post updated' : postType === 'video' ? 'Post shared: your video appears in the feed once it is processed.' : 'Post shared',
        { kind: 'success' },
      )
      window.location.assign('/roam-share')
    } catch (error) {
      setProblem(`Failed to post: ${failureText(error, 'Unknown error')}`)
      setBusy(false)
      setProgress(null)
    }
  }

  const tagList = useMemo(() => POST_TAGS, [])
  if (ready === 'checking') return <Loading />
  if (ready === 'no-username') return <UsernameNotice linkText="Back to Profile" />

  return (
    <form
      className={`stack stack--lg ${styles.form}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <fieldset className={segmented.segmented} disabled={editing !== null}>
        <legend>Post type</legend>
        {(['photo', 'video'] as const).map((type) => (
          <label key={type} className={segmented.option}>
            <input type="radio" name="post_type" value={type} checked={postType === type} onChange={() => switchType(type)} />
            {type === 'photo' ? 'Photos' : 'Video'}
          </label>
        ))}
      </fieldset>

      {postType === 'photo' ? (
        <div className="stack stack--sm">
          <FormField
            label={`Choose photos (up to ${MAX_IMAGES})`}
            type="file"
            accept="image/*"
            multiple
            onChange={(event) => {
              addPhotos(event.target.files)
              event.target.value = ''
            }}
            hint={`${photoCount} of ${MAX_IMAGES} chosen`}
          />
          {photoCount > 0 && (
            <ul className={styles.previews} role="list" aria-label="Chosen photos">
              {kept.map((photo) => (
                <li key={photo.file} className={styles.preview}>
                  <img src={photo.thumb_url} alt="Photo already in the post" />
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setKept((current) => current.filter((p) => p.file !== photo.file))}
                    aria-label="Remove this photo"
                  >
                    Remove
                  </Button>
                </li>
              ))}
              {photos.map((photo, index) => (
                <li key={photo.preview} className={styles.preview}>
                  <img src={photo.preview} alt={`New photo ${index + 1}: ${photo.file.name}`} />
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setPhotos((current) => current.filter((p) => p !== photo))}
                    aria-label={`Remove ${photo.file.name}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : editing ? (
        <div className="stack stack--sm">
          <p className="muted text-sm">The video of a post cannot be removed or replaced.</p>
          {editing.video_url && (
            <video
              className={styles.video}
              src={editing.video_url}
              poster={editing.poster_url ?? undefined}
              controls
              preload="metadata"
              aria-label="The post's video"
            />
          )}
        </div>
      ) : (
        <div className="stack stack--sm">
          <FormField label="Choose a video (up to 3 minutes)" type="file" accept="video/*" onChange={(event) => void chooseVideo(event.target.files?.[0])} />
          {video && <video className={styles.video} src={`${video.preview}#t=0.5`} controls preload="metadata" aria-label="Chosen video" />}
        </div>
      )}

      <FormField as="textarea" label="Caption" rows={3} maxLength={CAPTION_MAX} value={caption} onChange={(event) => setCaption(event.target.value)} />
      <LocationField value={location} onChange={setLocation} />
      <AttachTrip choice={trip} onChange={setTrip} attached={editing?.trip ?? null} />

      <fieldset className="stack stack--sm form-fieldset">
        <legend>Tags (at least one)</legend>
        <div className={chipStyles.chips}>
          {tagList.map((tag) => (
            <button key={tag} type="button" className={chipStyles.chip} aria-pressed={tags.includes(tag)} onClick={() => toggleTag(tag)}>
              {tag}
            </button>
          ))}
        </div>
      </fieldset>

      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {progress !== null && (
        <div className="stack stack--sm">
          <label className="text-sm" htmlFor="upload-progress">
            Uploading… {Math.round(progress * 100)}%
          </label>
          <progress id="upload-progress" max={1} value={progress} />
        </div>
      )}
      <div className="cluster cluster--between">
        <a className="btn btn--secondary" href="/profile">
          Back to Profile
        </a>
        <Button type="submit" variant="primary" loading={busy} loadingText={editing ? 'Updating…' : 'Sharing…'} {...needsNetwork}>
          {editing ? 'Update Post' : 'Share Post'}
        </Button>
      </div>
    </form>
  )
}
