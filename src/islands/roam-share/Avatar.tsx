import styles from './avatar.module.css'

interface AvatarProps {
  src: string | null
  name: string | null
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
  /** A screen's own tint (it sets --avatar-background and --avatar-color). */
  className?: string
}

/** A user's picture, or their initial on a tinted disc. Decorative next to the visible username. */
export function Avatar({ src, name, size = 'md', className }: AvatarProps) {
  const classes = [styles.avatar, styles[size], className].filter(Boolean).join(' ')
  if (src) return <img className={classes} src={src} alt="" loading="lazy" decoding="async" />
  return (
    <span className={classes} aria-hidden="true">
      {(name ?? '?').replace(/^@/, '').charAt(0).toUpperCase() || '?'}
    </span>
  )
}
