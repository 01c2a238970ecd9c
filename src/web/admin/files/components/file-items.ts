import type { FileReply } from '../files.api';

/**
 * How a file in the grid or list behaves, decided once for both views: in bulk mode a click ticks
 * it; in the picker a click selects it; on the page a click opens its details.
 */
export type FileItemActions = {
  bulk: boolean;
  picking: boolean;
  open: (file: FileReply) => void;
  check: (file: FileReply, checked: boolean) => void;
  item: (file: FileReply) => {
    activate: () => void;
    label: string;
    pressed: boolean | undefined;
    checked: boolean;
    selected: boolean;
    highlighted: boolean;
  };
};

export function fileItemActions(options: {
  bulk: boolean;
  checked: ReadonlySet<number>;
  highlighted: ReadonlySet<number>;
  picked: ReadonlySet<number> | null;
  open: (file: FileReply) => void;
  check: (file: FileReply, checked: boolean) => void;
  pick: (file: FileReply) => void;
}): FileItemActions {
  const { bulk, checked, highlighted, picked } = options;
  return {
    bulk,
    picking: picked !== null,
    open: options.open,
    check: options.check,
    item: (file) => {
      const isChecked = checked.has(file.id);
      const isPicked = picked?.has(file.id) ?? false;
      if (bulk) {
        return {
          activate: () => options.check(file, !isChecked),
          label: `${isChecked ? 'Unselect' : 'Select'} ${file.name}`,
          pressed: isChecked,
          checked: isChecked,
          selected: isChecked,
          highlighted: highlighted.has(file.id),
        };
      }
      if (picked) {
        return {
          activate: () => options.pick(file),
          label: `${isPicked ? 'Unpick' : 'Pick'} ${file.name}`,
          pressed: isPicked,
          checked: false,
          selected: isPicked,
          highlighted: highlighted.has(file.id),
        };
      }
      return {
        activate: () => options.open(file),
        label: `Open ${file.name}`,
        pressed: undefined,
        checked: false,
        selected: false,
        highlighted: highlighted.has(file.id),
      };
    },
  };
}
