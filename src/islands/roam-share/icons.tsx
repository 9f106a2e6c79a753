import styles from './icons.module.css'

/** Small inline icons of Roam Share, decorative beside their text or labelled control. */
const common = {
  viewBox: '0 0 20 20',
  width: 16,
  height: 16,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
}

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg {...common} className={styles.icon} fill={filled ? 'currentColor' : 'none'}>
      <path d="M10 17s-6.5-4-6.5-8.6A3.6 3.6 0 0 1 10 6.2a3.6 3.6 0 0 1 6.5 2.2C16.5 13 10 17 10 17z" />
    </svg>
  )
}

/** Several photos: two stacked frames. */
export function PhotosIcon() {
  return (
    <svg {...common}>
      <rect x="6" y="6" width="11" height="11" rx="2" />
      <path d="M3 13V5a2 2 0 0 1 2-2h8" />
    </svg>
  )
}

export function PlayIcon() {
  return (
    <svg {...common} fill="currentColor">
      <path d="M6.5 4.5v11l9-5.5z" />
    </svg>
  )
}

/** A map pin beside a location (an icon: an emoji pin shows as an empty box without an emoji font). */
export function PinIcon() {
  return (
    // pin-icon: the browser tests find the pin by it (an icon, not an emoji).
    <svg {...common} className={`${styles.icon} pin-icon`}>
      <path d="M10 18s-5.5-5.2-5.5-9.3a5.5 5.5 0 0 1 11 0C15.5 12.8 10 18 10 18z" />
      <circle cx="10" cy="8.6" r="2" />
    </svg>
  )
}
