import { useStore } from '@nanostores/react'
import { $installOffer, installRoam } from '../../pwa/install.ts'
import { Button, type ButtonProps } from '../ui/Button.tsx'

/** "Install Roam", shown only where the browser offers to install the app (and not once it is installed). */
export function InstallRoam({ variant = 'secondary', className }: Pick<ButtonProps, 'variant' | 'className'>) {
  const offer = useStore($installOffer)
  if (!offer) return null
  return (
    <Button variant={variant} className={className} onClick={() => void installRoam()}>
      Install Roam
    </Button>
  )
}

/** The profile menu's entry: an item only while the browser offers installation. */
export function InstallRoamMenuItem() {
  const offer = useStore($installOffer)
  if (!offer) return null
  return (
    <li>
      <InstallRoam variant="ghost" />
    </li>
  )
}
