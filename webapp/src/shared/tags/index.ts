// The reader's note tags, shared by the /tags screen and the notes screens: endpoints (the list
// cached 10 minutes), types, colour helpers, TagChip and TagPicker. Their strings are in the
// eager `common` namespace under `tags`, so they work on any page.
export { NOTE_LIST, TAG_LIST, tagsApi, useCreateTagMutation, useDeleteTagMutation, useGetTagsQuery, useUpdateTagMutation } from './api';
export {
  TAG_COLORS,
  contrastRatio,
  defaultTagColor,
  isHexColor,
  normalizeHexColor,
  readableTextColor,
  relativeLuminance,
  type TagColorName,
} from './color';
export { useTags } from './hooks';
export { TagChip, type TagChipProps } from './TagChip';
export { TagPicker, type TagPickerProps } from './TagPicker';
export { TAG_DESCRIPTION_MAX, TAG_LABEL_MAX, type ListedTag, type Tag, type TagDraft } from './types';
