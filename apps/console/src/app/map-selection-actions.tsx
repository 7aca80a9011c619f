import { useAtom } from 'jotai';
import { selectionMakeup, mapSelectionAtom } from '@/features/map/selection';
import { SelectionActions } from './bulk-selection-actions';

/**
 * The bulk actions on the map's selection: of one kind when it holds one kind (a cabinet-only
 * selection offers the cabinets' actions); a finished start clears the selection.
 */
export function MapSelectionActions() {
  const [selection, setSelection] = useAtom(mapSelectionAtom);
  const { kinds } = selectionMakeup(selection);
  return (
    <SelectionActions
      deviceIds={selection}
      deviceType={kinds.length === 1 ? kinds[0] : undefined}
      onStarted={() => setSelection([])}
    />
  );
}
