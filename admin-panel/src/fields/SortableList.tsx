/**
 * An ordered list the editor reorders by drag (pointer) or keyboard (dnd-kit sortable: focus an
 * item's handle, Space to lift, arrow keys to move, Space to drop; moves are announced). Used
 * by to-many relations, repeatable components and dynamic zones.
 */
import { memo, type ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

export interface DragHandleProps {
  ref(element: HTMLElement | null): void;
  [attribute: string]: unknown;
}

const SortableRow = memo(function SortableRow({ id, label, children }: { id: string; label: string; children(handle: ReactNode): ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button type="button" className="vf-drag" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Drag ${label}`}>
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li ref={setNodeRef} className={`vf-sortable${isDragging ? ' vf-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      {children(handle)}
    </li>
  );
});

export function SortableList<T extends { key: string }>(props: {
  items: readonly T[];
  label(item: NoInfer<T>, index: number): string;
  onMove(from: number, to: number): void;
  children(item: NoInfer<T>, index: number, handle: ReactNode): ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  const { items, label, onMove, children } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.key === active.id);
    const to = items.findIndex((item) => item.key === over.id);
    if (from !== -1 && to !== -1) onMove(from, to);
  };
  const names = (id: string | number) => {
    const index = items.findIndex((item) => item.key === id);
    return index === -1 ? String(id) : label(items[index], index);
  };
  const position = (id: string | number | undefined) => items.findIndex((item) => item.key === id) + 1;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${names(active.id)}, position ${position(active.id)} of ${items.length}.`,
          onDragOver: ({ active, over }) => (over ? `${names(active.id)} moved to position ${position(over.id)} of ${items.length}.` : `${names(active.id)} is no longer over a position.`),
          onDragEnd: ({ active, over }) => (over ? `${names(active.id)} dropped at position ${position(over.id)} of ${items.length}.` : `${names(active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${names(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ul className={props.className ?? 'vf-sortable-list'} aria-label={props['aria-label']}>
          {items.map((item, index) => (
            <SortableRow key={item.key} id={item.key} label={label(item, index)}>
              {(handle) => children(item, index, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
