import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react'
import styles from './combobox.module.css'

/** How long the list stays after the input loses focus, so a click on an option lands first. */
const CLOSE_AFTER_BLUR_MS = 120

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onKeyDown' | 'onFocus' | 'onBlur' | 'role' | 'id'>

export interface ComboboxProps<T> {
  /** The input's id, for the `<label htmlFor>` the caller renders. */
  readonly id: string
  readonly value: string
  /** The text typed (the list opens as one types). */
  readonly onInput: (text: string) => void
  /** The suggestions for the text typed so far (the caller fetches them). */
  readonly items: readonly T[]
  readonly itemKey: (item: T) => string
  readonly renderItem: (item: T, active: boolean) => ReactNode
  /** An option was chosen with a click or with the arrow keys and Enter. */
  readonly onPick: (item: T) => void
  /** The listbox's accessible name, e.g. "Users found". */
  readonly listLabel: string
  /** Places and sizes the list (its look is combobox.module.css's). */
  readonly listClassName?: string | undefined
  readonly optionClassName?: string | undefined
  /** Other attributes of the input (class, placeholder, aria-invalid...). */
  readonly inputProps?: InputProps
  /** What follows the list, given whether the field is open (typed into and not left or closed): a status line. */
  readonly after?: (open: boolean) => ReactNode
}

/**
 * A text field with a list of suggestions (the ARIA combobox pattern with a listbox): the list opens as one
 * types, the arrow keys move through it, Enter or a click picks an option, Escape and leaving the field close it.
 */
export function Combobox<T>({
  id,
  value,
  onInput,
  items,
  itemKey,
  renderItem,
  onPick,
  listLabel,
  listClassName,
  optionClassName,
  inputProps,
  after,
}: ComboboxProps<T>) {
  const listId = `${useId()}-list`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const closeTimer = useRef<number | undefined>(undefined)

  useEffect(() => setActive(-1), [items])
  useEffect(() => () => window.clearTimeout(closeTimer.current), [])

  const expanded = open && items.length > 0
  const pick = (item: T) => {
    setOpen(false)
    setActive(-1)
    onPick(item)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      setOpen(true)
      setActive((index) => (index + 1) % items.length)
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      setOpen(true)
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1))
    } else if (event.key === 'Enter' && expanded && items[active] !== undefined) {
      pick(items[active])
    } else if (event.key === 'Escape' && expanded) {
      setOpen(false)
    } else return
    event.preventDefault()
  }

  return (
    <>
      <input
        autoComplete="off"
        {...inputProps}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={value}
        onChange={(event) => {
          onInput(event.target.value)
          setOpen(true)
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          window.clearTimeout(closeTimer.current)
          setOpen(true)
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_AFTER_BLUR_MS)
        }}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className={listClassName ? `${styles.list} ${listClassName}` : styles.list} hidden={!expanded}>
        {items.map((item, index) => (
          <li
            key={itemKey(item)}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={optionClassName ? `${styles.option} ${optionClassName}` : styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(item)}
          >
            {renderItem(item, index === active)}
          </li>
        ))}
      </ul>
      {after?.(open)}
    </>
  )
}
