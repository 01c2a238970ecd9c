/** spec 1 §8 list, delete and export messages. */
export const LIST_MESSAGES = {
  load: 'Failed to load data. Please try again.',
  delete: 'Failed to delete item. Please try again.',
  export: 'Export failed. Please try again.',
} as const;
