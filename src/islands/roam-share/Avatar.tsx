/** A user's picture, or their initial on a tinted disc. Decorative next to the visible username. */
export function Avatar({ src, name, size = 'md' }: { src: string | null; name: string | null; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' }) {
  const classes = `share-avatar share-avatar--${size}`
  if (src) return <img className={classes} src={src} alt="" loading="lazy" decoding="async" />
  return (
    <span className={`${classes} share-avatar--initials`} aria-hidden="true">
      {(name ?? '?').replace(/^@/, '').charAt(0).toUpperCase() || '?'}
    </span>
  )
}
