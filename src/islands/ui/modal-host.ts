/**
 * The modal dialogs open on the page, the last opened on top: the toaster shows inside the top one, since
 * everything outside a modal `<dialog>` lies under its backdrop and is inert (unseen by screen readers).
 */
import { atom } from 'nanostores'

const open = atom<readonly HTMLDialogElement[]>([])

/** The topmost open modal dialog, if any. */
export const $topModal = atom<HTMLDialogElement | null>(null)

const update = (dialogs: readonly HTMLDialogElement[]) => {
  open.set(dialogs)
  $topModal.set(dialogs.at(-1) ?? null)
}

export const modalOpened = (dialog: HTMLDialogElement) => update([...open.get().filter((other) => other !== dialog), dialog])

export const modalClosed = (dialog: HTMLDialogElement) => update(open.get().filter((other) => other !== dialog))
