/**
 * The folders of the folder shown (a folder holds few: not virtualised), each opened by its
 * button "Open folder <name>"; on the page also selected for a bulk move or delete and edited
 * (rename, move, delete) by "Edit folder <name>". And the breadcrumbs from the library's root.
 */
import { Checkbox } from 'react-aria-components';
import type { FolderNode, MediaFolder } from './media-api';

interface FolderCardsProps {
  readonly folders: readonly MediaFolder[];
  onOpen(id: number): void;
  readonly selected?: ReadonlySet<number>;
  readonly onSelect?: (folder: MediaFolder, selected: boolean) => void;
  readonly onEdit?: (folder: MediaFolder) => void;
}

const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

export function FolderCards({ folders, onOpen, selected, onSelect, onEdit }: FolderCardsProps) {
  if (folders.length === 0) return null;
  return (
    <ul className="ml-folders" aria-label="Folders">
      {folders.map((folder) => (
        <li key={folder.id} className={`ml-folder${selected?.has(folder.id) ? ' ml-selected' : ''}`}>
          {onSelect ? (
            <Checkbox className="checkbox" aria-label={`Select folder ${folder.name}`} isSelected={selected?.has(folder.id) ?? false} onChange={(on) => onSelect(folder, on)}>
              <div className="box" />
            </Checkbox>
          ) : null}
          <button type="button" className="ml-folder-open" aria-label={`Open folder ${folder.name}`} onClick={() => onOpen(folder.id)}>
            <span className="ml-folder-icon" aria-hidden="true">▰</span>
            <span className="ml-name">{folder.name}</span>
            <span className="ml-meta">{counted(folder.children.count, 'folder')}, {counted(folder.files.count, 'asset')}</span>
          </button>
          {onEdit ? (
            <button type="button" className="ml-folder-edit" aria-label={`Edit folder ${folder.name}`} onClick={() => onEdit(folder)}>
              Edit
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function Breadcrumbs({ trail, onOpen }: { trail: readonly FolderNode[]; onOpen(id: number | null): void }) {
  return (
    <nav aria-label="Breadcrumbs" className="ml-breadcrumbs">
      <ol>
        <li>
          {trail.length === 0 ? <span aria-current="page">Media Library</span> : <button type="button" onClick={() => onOpen(null)}>Media Library</button>}
        </li>
        {trail.map((node, index) => (
          <li key={node.id}>
            {index === trail.length - 1 ? <span aria-current="page">{node.name}</span> : <button type="button" onClick={() => onOpen(node.id)}>{node.name}</button>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
