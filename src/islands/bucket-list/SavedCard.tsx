import { itemSentence } from '../../modules/bucket-list/rules.ts'
import { Button } from '../ui/Button.tsx'
import styles from './bucket-list.module.css'
import type { SavedList } from './types.ts'

interface Props {
  readonly list: SavedList
  readonly onCheck: (itemId: string, checked: boolean) => void
  readonly onDelete: () => void
  readonly deleting: boolean
}

/** A saved list: each item reads as a sentence, with a box to check it off (struck through when done). */
export function SavedCard({ list, onCheck, onDelete, deleting }: Props) {
  const titleId = `list-${list.id}`
  const done = list.items.filter((item) => item.is_checked).length
  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId}>
      <header className={`cluster cluster--between ${styles.header}`}>
        <h2 id={titleId} className={styles.title}>
          {list.title}
        </h2>
        <span className="badge">
          {done} of {list.items.length} done
        </span>
      </header>
      <ul className={styles.items}>
        {list.items.map((item) => (
          <li key={item.id}>
            {/* bucket-item--done: a checked item as the browser tests find it. */}
            <label className={item.is_checked ? `${styles.item} ${styles.done} bucket-item--done` : styles.item}>
              <input type="checkbox" checked={item.is_checked} onChange={(event) => onCheck(item.id, event.target.checked)} />
              <span>{itemSentence(item)}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="cluster cluster--end">
        <Button variant="danger" size="sm" onClick={onDelete} loading={deleting} aria-label={`Delete bucket list ${list.title}`}>
          Delete
        </Button>
      </div>
    </section>
  )
}
