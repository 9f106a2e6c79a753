import { itemSentence } from '../../modules/bucket-list/rules.ts'
import { Button } from '../ui/Button.tsx'
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
    <section className="card bucket-card" aria-labelledby={titleId}>
      <header className="bucket-card__header">
        <h2 id={titleId} className="bucket-card__title">
          {list.title}
        </h2>
        <span className="badge">
          {done} of {list.items.length} done
        </span>
      </header>
      <ul className="bucket-items">
        {list.items.map((item) => (
          <li key={item.id}>
            <label className={item.is_checked ? 'bucket-item bucket-item--done' : 'bucket-item'}>
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
