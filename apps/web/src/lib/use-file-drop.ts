import { type DragEvent, useState } from 'react';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A drop target for files: `over` while files are dragged over it, and the handlers to spread on
 * the element (text or links dragged over it are left alone). `disabled` refuses drops meanwhile.
 */
export function useFileDrop(onFiles: (files: FileList) => void, { disabled = false } = {}) {
  const [over, setOver] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event) || disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return {
    over,
    dropHandlers: {
      onDragEnter: onDragOver,
      onDragOver,
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event) || disabled) return;
        event.preventDefault();
        setOver(false);
        onFiles(event.dataTransfer.files);
      },
      'data-drag-over': over || undefined,
    },
    /** The dashed frame of a drop target, highlighted while files are over it. */
    frameSx: {
      border: 2,
      borderStyle: 'dashed',
      borderColor: over ? 'primary.main' : 'divider',
      bgcolor: over ? 'action.hover' : 'transparent',
      borderRadius: 2,
    },
  } as const;
}
