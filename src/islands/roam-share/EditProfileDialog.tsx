import { useState } from 'react'
import { BIO_MAX, MESSAGES, usernameProblem } from '../../modules/roam-share/rules.ts'
import { api } from '../session/api.ts'
import { $token, $user, setSession } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { FormField } from '../ui/FormField.tsx'
import { toast } from '../ui/Toast.tsx'
import { compressPhoto } from './compress.ts'
import styles from './edit-profile-dialog.module.css'
import type { ShareProfile } from './types.ts'
import { upload } from './upload.ts'

interface EditProfileProps {
  open: boolean
  profile: ShareProfile
  onClose: () => void
  /** Called after any change: the profile is fetched again (spec §4 Username). */
  onChanged: () => Promise<void>
}

/** Edit Profile (spec §2): upload a picture, save a username (once), save a bio. */
export function EditProfileDialog({ open, profile, onClose, onChanged }: EditProfileProps) {
  const [username, setUsername] = useState('')
  const [bio, setBio] = useState(profile.bio)
  const [busy, setBusy] = useState<'picture' | 'username' | 'bio' | null>(null)
  const [problem, setProblem] = useState<{ field: 'picture' | 'username' | 'bio'; text: string } | null>(null)
  const [progress, setProgress] = useState(0)

  const run = async (field: 'picture' | 'username' | 'bio', action: () => Promise<void>) => {
    setBusy(field)
    setProblem(null)
    try {
      await action()
      await onChanged()
    } catch (error) {
      const text = field === 'username' ? MESSAGES.usernameTaken : error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'
      setProblem({ field, text })
    } finally {
      setBusy(null)
    }
  }

  const saveUsername = () => {
    const invalid = usernameProblem(username)
    if (invalid) return setProblem({ field: 'username', text: invalid })
    void run('username', async () => {
      await api('/api/roam-share-posts/set-username', { auth: true, body: { username } })
      const user = $user.get()
      const token = $token.get()
      if (user && token) void setSession({ ...user, username }, token)
      toast('Username saved', { kind: 'success' })
    })
  }

  const saveBio = () => {
    if (bio.trim() === '') return
    void run('bio', async () => {
      await api('/api/roam-share-posts/update-description', { auth: true, body: { bio } })
      toast('Bio saved', { kind: 'success' })
    })
  }

  const uploadPicture = (file: File | undefined) => {
    if (!file) return
    if (!file.type.startsWith('image/')) return setProblem({ field: 'picture', text: 'Please choose an image file.' })
    void run('picture', async () => {
      const form = new FormData()
      form.append('profile_picture', await compressPhoto(file), file.name)
      await upload('/api/roam-share-posts/upload-profile-picture', form, { onProgress: setProgress })
      toast('Profile picture updated', { kind: 'success' })
    })
  }

  const error = (field: 'picture' | 'username' | 'bio') => (problem?.field === field ? problem.text : undefined)
  return (
    <Dialog open={open} onClose={onClose} title="Edit Profile" closeLabel="Close" footer={<Button onClick={onClose}>Done</Button>}>
      <div className="stack">
        <div className="stack stack--sm">
          <FormField
            label="Profile picture"
            type="file"
            accept="image/*"
            disabled={busy === 'picture'}
            error={error('picture')}
            onChange={(event) => uploadPicture(event.target.files?.[0])}
          />
          {busy === 'picture' && <progress className={styles.progress} max={1} value={progress} aria-label="Upload progress" />}
        </div>
        {profile.username ? (
          <p>
            Username: <strong>@{profile.username}</strong> <span className="muted text-sm">(set once, cannot be changed)</span>
          </p>
        ) : (
          <div className="stack stack--sm">
            <FormField
              label="Username"
              value={username}
              maxLength={30}
              autoComplete="username"
              hint="Set once; it cannot be changed later."
              error={error('username')}
              onChange={(event) => setUsername(event.target.value)}
            />
            <Button variant="primary" onClick={saveUsername} loading={busy === 'username'}>
              Save Username
            </Button>
          </div>
        )}
        <div className="stack stack--sm">
          <FormField as="textarea" label="Bio" value={bio} maxLength={BIO_MAX} rows={3} error={error('bio')} onChange={(event) => setBio(event.target.value)} />
          <Button variant="primary" onClick={saveBio} loading={busy === 'bio'}>
            Save Bio
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
