/**
 * The generic list/form pieces a resource screen is built from. Each works alone; a screen composes
 * them and replaces whichever one it needs to. @see STYLE §2
 */
export { useResourceList, type QueryPatch } from './use-resource-list';
export { ResourceFilters, filterParams, type ResourceFiltersProps } from './resource-filters';
export { actionsColumn, columnsFrom, emptyText, formatDateTime, optionLabel, type ActionsColumnOptions } from './resource-table';
export {
  ResourceFormModal,
  createDefaults,
  fieldInput,
  formFields,
  rulesFor,
  type FieldInputOptions,
  type ResourceFormModalProps,
} from './resource-form';
export { SortableTable, moveId, type SortableTableProps } from './sortable-table';
